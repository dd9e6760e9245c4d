import { Suspense, lazy, useState } from 'react';
import type { PublicUser } from '../../../../common/schemas/users.js';

// The profile dialog (with its report form) loads on the first tap of a name, not with every
// screen that shows people; once loaded it stays mounted so it can animate closed.
const UserProfileDialog = lazy(async () => ({
  default: (await import('./user-profile-dialog.js')).UserProfileDialog,
}));

/**
 * The dialog and a way to open it, for screens that show people (cards, 'Listed by'):
 * `const profile = useUserProfileDialog({ viewerId }); … profile.open(owner.id); … {profile.dialog}`.
 */
export function useUserProfileDialog({
  viewerId,
  onMessage,
}: {
  viewerId: number | null;
  onMessage?: (user: PublicUser) => void;
}) {
  const [userId, setUserId] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    open: (id: number) => {
      setOpened(true);
      setUserId(id);
    },
    dialog: opened ? (
      <Suspense fallback={null}>
        <UserProfileDialog
          userId={userId}
          onClose={() => setUserId(null)}
          viewerId={viewerId}
          {...(onMessage ? { onMessage } : {})}
        />
      </Suspense>
    ) : null,
  };
}
