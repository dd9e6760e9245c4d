import type { LoginInput, RegisterInput } from '../../../common/schemas/users.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, isUniqueViolation, unauthorized } from '../../lib/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repo.js';
import { assertUnderLimit, clearAttempts, countAttempt, SIGN_IN_RULE } from '../../lib/throttle.js';

export const DUPLICATE_EMAIL = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';

type Context = { db: Database; clock: Clock; address: string };

/**
 * Creates an account. Throws 409 for an e-mail already taken (in any case) and 429 after
 * too many failed registrations from one address.
 */
export async function registerUser({ db, clock, address }: Context, input: RegisterInput): Promise<UserRow> {
  const throttleKey = `register:${address}`;
  await assertUnderLimit(db, clock, throttleKey, SIGN_IN_RULE);
  if (await findUserByEmail(db, input.email)) {
    await countAttempt(db, clock, throttleKey, SIGN_IN_RULE);
    throw conflict(DUPLICATE_EMAIL);
  }
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

/**
 * Checks credentials. The same 401 text for an unknown e-mail and a wrong password, and the
 * same time spent, so neither reveals whether an account exists; 429 after 10 failures per
 * account and address in 15 minutes.
 */
export async function logIn({ db, clock, address }: Context, input: LoginInput): Promise<UserRow> {
  const throttleKey = `login:${input.email}:${address}`;
  await assertUnderLimit(db, clock, throttleKey, SIGN_IN_RULE);
  const user = await findUserByEmail(db, input.email);
  const isValid = user
    ? await verifyPassword(user.password, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !isValid) {
    await countAttempt(db, clock, throttleKey, SIGN_IN_RULE);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await clearAttempts(db, throttleKey);
  return user;
}

/**
 * CONTRACT.md: ADMIN_EMAIL / ADMIN_PASSWORD make sure an administrator exists at start-up,
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
