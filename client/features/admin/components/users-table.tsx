import { useState } from 'react';
import { Crown, ShieldCheck, Trash2, Users } from 'lucide-react';
import type { AdminUser } from '../../../../common/schemas/users.js';
import { formatShortDate } from '../../../../common/format.js';
import { hasPremium, subscriptionLabel } from '../../../../common/premium.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { TableShell, Td, Th } from './table.js';

function location(user: AdminUser): string {
  return [user.city, user.state, user.country].filter(Boolean).join(', ');
}

type UsersTableProps = {
  users: AdminUser[];
  onSetPremium: (user: AdminUser, isPremium: boolean) => void;
  /** Resolves once the deletion has settled, so the confirmation can close. */
  onDelete: (user: AdminUser) => Promise<unknown>;
  /** The user whose premium change or deletion is in flight, if any. */
  pendingUserId: number | undefined;
};

/**
 * SPEC §6 users table. Administrators cannot be made premium or free, and cannot be deleted.
 * The Premium badge follows the one premium rule; Make Premium / Make Free turn the manual flag
 * on and off (a paid or referral period runs on by itself, shown with its end date).
 */
export function UsersTable({ users, onSetPremium, onDelete, pendingUserId }: UsersTableProps) {
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  if (users.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No users yet"
        description="New accounts will appear here."
        headingLevel="h3"
      />
    );
  }
  return (
    <>
      <TableShell caption="All users" minWidth="min-w-[900px]">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Location</Th>
            <Th>Email</Th>
            <Th>Status</Th>
            <Th>Subscription</Th>
            <Th>Joined</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const premium = hasPremium(user);
            const pending = pendingUserId === user.id;
            const name = `${user.firstName} ${user.lastName}`;
            return (
              <tr key={user.id} className="border-t border-ink-100">
                <Td>
                  <span className="flex items-center gap-3">
                    <Avatar person={user} size="sm" />
                    <span className="font-bold whitespace-nowrap">
                      {user.firstName} {user.lastName}
                    </span>
                  </span>
                </Td>
                <Td className="min-w-36 text-ink-700">
                  {location(user) || <span className="text-ink-500">Not set</span>}
                </Td>
                <Td className="text-ink-700">
                  <span className="block max-w-56 truncate" title={user.email}>
                    {user.email}
                  </span>
                </Td>
                <Td>
                  <span className="flex min-w-32 flex-wrap gap-1">
                    {user.isAdmin ? (
                      <Badge variant="primary">
                        <ShieldCheck aria-hidden="true" />
                        Admin
                      </Badge>
                    ) : null}
                    {premium ? (
                      <Badge variant="premium">
                        <Crown aria-hidden="true" />
                        Premium
                      </Badge>
                    ) : (
                      <Badge variant="neutral">Free</Badge>
                    )}
                    {user.isVerified ? <Badge variant="verified">Verified</Badge> : null}
                  </span>
                </Td>
                <Td className="text-ink-700">{subscriptionLabel(user, formatShortDate)}</Td>
                <Td className="whitespace-nowrap text-ink-700">
                  <time dateTime={user.createdAt}>{formatShortDate(user.createdAt)}</time>
                </Td>
                <Td className="text-right whitespace-nowrap">
                  <span className="inline-flex gap-2">
                    <Button
                      size="sm"
                      variant={user.isPremium ? 'outline' : 'premium'}
                      disabled={user.isAdmin || pending}
                      onClick={() => onSetPremium(user, !user.isPremium)}
                      aria-label={`${user.isPremium ? 'Make Free' : 'Make Premium'}: ${name}`}
                    >
                      {pending ? <ButtonSpinner /> : null}
                      {user.isPremium ? 'Make Free' : 'Make Premium'}
                    </Button>
                    {user.isAdmin ? null : (
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-danger-700"
                        disabled={pending}
                        onClick={() => setDeleting(user)}
                        aria-label={`Delete: ${name}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    )}
                  </span>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </TableShell>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting ? `${deleting.firstName} ${deleting.lastName}` : 'this user'}?`}
        description="This permanently deletes the account and all of its listings, messages, conversations, favorites, exchanges and saved searches. This action cannot be undone."
        confirmLabel="Delete User"
        destructive
        pending={deleting !== null && pendingUserId === deleting.id}
        onConfirm={() => {
          if (!deleting) return;
          void onDelete(deleting).finally(() => setDeleting(null));
        }}
      />
    </>
  );
}
