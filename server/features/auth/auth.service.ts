import type { LoginInput, RegisterInput } from '../../../common/schemas/users.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, isUniqueViolation, unauthorized } from '../../lib/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail, insertUser, updateUser } from '../users/users.service.js';
import type { RateLimits } from '../../lib/rate-limits.js';
import { clearAttempts, consumeAttempt, refundAttempt } from '../../lib/throttle.js';

export const DUPLICATE_EMAIL = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';

type Context = {
  db: Database;
  clock: Clock;
  /** The client's network address (docs/OPERATIONS.md: from the trusted proxies' headers, else the peer). */
  address: string;
  limits: Pick<RateLimits, 'signInPerAddress' | 'signInPerAccount' | 'signUpPerAddress'>;
};

/**
 * Creates an account. Throws 409 for an e-mail already taken (in any case) and 429 past the
 * sign-ups allowed from one address (every attempt counts, taken e-mails included).
 */
export async function registerUser(
  { db, clock, address, limits }: Context,
  input: RegisterInput,
): Promise<UserRow> {
  await consumeAttempt(db, clock, `sign-up:address:${address}`, limits.signUpPerAddress);
  if (await findUserByEmail(db, input.email)) throw conflict(DUPLICATE_EMAIL);
  try {
    return await insertUser(db, {
      email: input.email,
      password: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/** The failed sign-ins of one account, whatever the addresses (lifted by a password reset). */
export const signInAccountKey = (email: string) => `sign-in:account:${email}`;

/**
 * Checks credentials. The same 401 text for an unknown e-mail and a wrong password, and the
 * same time spent, so neither reveals whether an account exists. 429 past the failures allowed
 * from one address (whatever the accounts) or for one account (whatever the addresses): each
 * attempt is counted before the password is checked, atomically, so attempts made at once never
 * pass more than the limit; a right password gives its attempts back.
 */
export async function logIn({ db, clock, address, limits }: Context, input: LoginInput): Promise<UserRow> {
  const addressKey = `sign-in:address:${address}`;
  const accountKey = signInAccountKey(input.email);
  await consumeAttempt(db, clock, addressKey, limits.signInPerAddress);
  await consumeAttempt(db, clock, accountKey, limits.signInPerAccount);
  const user = await findUserByEmail(db, input.email);
  const isValid = user
    ? await verifyPassword(user.password, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !isValid) throw unauthorized(INVALID_CREDENTIALS);
  await refundAttempt(db, addressKey);
  await clearAttempts(db, accountKey);
  return user;
}

/**
 * docs/OPERATIONS.md: ADMIN_EMAIL / ADMIN_PASSWORD make sure an administrator exists at start-up,
 * creating the account or promoting it and resetting its password.
 */
export async function ensureAdmin(
  db: Database,
  clock: Clock,
  admin: { email: string; password: string },
): Promise<UserRow> {
  const email = admin.email.trim().toLowerCase();
  const password = await hashPassword(admin.password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const updated = await updateUser(db, existing.id, { isAdmin: true, password }, clock.now());
    if (!updated) throw new AppError(500, 'Administrator account vanished while being updated');
    return updated;
  }
  return insertUser(db, { email, password, firstName: 'LittleLoop', lastName: 'Admin', isAdmin: true });
}
