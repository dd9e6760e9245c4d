import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '../../../common/schemas/users.js';

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Given by the router to signed-in screens, so they never handle a missing user. */
export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user. Only for screens the router shows to signed-in users. */
export function useSignedInUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useSignedInUser is only available on signed-in screens');
  return user;
}
