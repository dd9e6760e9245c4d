import { Crown, ShieldCheck } from 'lucide-react';
import type { AdminUser } from '../../../../common/schemas/users.js';
import { formatShortDate } from '../../../../common/format.js';
import { hasPremiumByFlagOrSubscription, subscriptionLabel } from '../../../../common/premium.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { DeleteRowButton, useConfirmDelete, type DeletableRows } from './confirm-delete.js';
import { ResponsiveTable, Td } from './table.js';

function location(user: AdminUser): string {
  return [user.city, user.state, user.country].filter(Boolean).join(', ');
}

function StatusBadges({ user }: { user: AdminUser }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.isAdmin ? (
        <Badge variant="primary">
          <ShieldCheck aria-hidden="true" />
          Admin
        </Badge>
      ) : null}
      {hasPremiumByFlagOrSubscription(user) ? (
        <Badge variant="premium">
          <Crown aria-hidden="true" />
          Premium
        </Badge>
      ) : (
        <Badge variant="neutral">Free</Badge>
      )}
      {user.isVerified ? <Badge variant="verified">Verified</Badge> : null}
    </span>
  );
}

/** Make Premium / Make Free (by the manual flag) and Delete, which administrators never get. */
function UserActions({
  user,
  pending,
  onSetPremium,
  onDelete,
  stacked = false,
}: {
  user: AdminUser;
  pending: boolean;
  onSetPremium: (user: AdminUser, isPremium: boolean) => void;
  onDelete: (user: AdminUser) => void;
  /** One above the other, to keep the table's last column narrow. */
  stacked?: boolean;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <span className={stacked ? 'grid gap-2' : 'inline-flex flex-wrap gap-2'}>
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
        <DeleteRowButton what={name} disabled={pending} onClick={() => onDelete(user)} />
      )}
    </span>
  );
}

type UsersTableProps = DeletableRows<AdminUser> & {
  users: AdminUser[];
  onSetPremium: (user: AdminUser, isPremium: boolean) => void;
};

/**
 * PRODUCT §6 users table. Administrators cannot be made premium or free, and cannot be deleted.
 * The Premium badge follows the one premium rule; Make Premium / Make Free turn the manual flag
 * on and off (a paid or referral period runs on by itself, shown with its end date).
 */
export function UsersTable({ users, onSetPremium, onDelete, pendingId }: UsersTableProps) {
  const confirmDelete = useConfirmDelete<AdminUser>({
    title: (user) => `Delete ${user ? `${user.firstName} ${user.lastName}` : 'this user'}?`,
    description:
      'This permanently deletes the account and all of its listings, messages, conversations, favorites, exchanges and saved searches. This action cannot be undone.',
    confirmLabel: 'Delete User',
    pendingId,
    onDelete,
  });
  const actions = (user: AdminUser) => (
    <UserActions
      user={user}
      pending={pendingId === user.id}
      onSetPremium={onSetPremium}
      onDelete={confirmDelete.ask}
    />
  );
  return (
    <>
      <ResponsiveTable
        caption="All users"
        columns={['Name', 'Location', 'Email', 'Status', 'Subscription', 'Joined']}
        rows={users}
        card={(user) => (
          <>
            <span className="flex items-center gap-3">
              <Avatar person={user} size="sm" />
              <span className="grid min-w-0">
                <span className="font-bold">
                  {user.firstName} {user.lastName}
                </span>
                <span className="text-sm break-all text-ink-700">{user.email}</span>
              </span>
            </span>
            <StatusBadges user={user} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-ink-700">
              <dt className="font-bold text-ink-600">Location</dt>
              <dd>{location(user) || 'Not set'}</dd>
              <dt className="font-bold text-ink-600">Subscription</dt>
              <dd>{subscriptionLabel(user, formatShortDate)}</dd>
              <dt className="font-bold text-ink-600">Joined</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatShortDate(user.createdAt)}</time>
              </dd>
            </dl>
            {actions(user)}
          </>
        )}
        cells={(user) => (
          <>
            <Td>
              <span className="flex items-center gap-3">
                <Avatar person={user} size="sm" />
                <span className="font-bold break-words">
                  {user.firstName} {user.lastName}
                </span>
              </span>
            </Td>
            <Td className="min-w-32 text-ink-700">
              {location(user) || <span className="text-ink-500">Not set</span>}
            </Td>
            <Td className="text-ink-700">
              <span className="block max-w-44 truncate" title={user.email}>
                {user.email}
              </span>
            </Td>
            <Td>
              <StatusBadges user={user} />
            </Td>
            <Td className="text-ink-700">{subscriptionLabel(user, formatShortDate)}</Td>
            <Td className="whitespace-nowrap text-ink-700">
              <time dateTime={user.createdAt}>{formatShortDate(user.createdAt)}</time>
            </Td>
            <Td className="text-right whitespace-nowrap">{actions(user)}</Td>
          </>
        )}
      />
      {confirmDelete.dialog}
    </>
  );
}
