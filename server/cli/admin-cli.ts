import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { hasPremium } from '../../common/premium.js';
import { emailSchema } from '../../common/schemas/users.js';
import { LIMITS } from '../../common/limits.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import {
  createAdministrator,
  deleteUser,
  listModerationPage,
  setUserPremium,
  type AdminDeps,
  type AuditActor,
} from '../features/admin/admin.service.js';
import { LISTINGS_CHANNEL } from '../features/items/browse-cache.js';
import { createStripeApi } from '../features/billing/billing.stripe.js';
import { findUserByEmail, findUserById } from '../features/users/users.service.js';
import { systemClock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { createStorage } from '../lib/storage.js';

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands (on DATABASE_URL, else the embedded database in DATA_DIR):
  create-admin <email> <password>   create an administrator, or promote an account and set its password
  grant-premium <email or id>       turn on manual Premium (as Make Premium does)
  remove-premium <email or id>      turn off manual Premium (as Make Free does)
  delete-user <email or id> --yes   delete the account and everything that is theirs, for good
  list-flagged                      list the listings waiting for an administrator

Every change is recorded in the administrators' audit log as the command line's.`;

/** The audit log's name for changes made here: no account, the operator at the machine. */
const OPERATOR: AuditActor = { id: null, label: 'operator (command line)' };

class UsageError extends Error {}

/** Results go to standard output, so `list-flagged` can be piped; problems to standard error. */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function findUser(database: DatabaseHandle, who: string | undefined): Promise<UserRow> {
  if (!who) throw new UsageError('Say which user: an e-mail address or an id.');
  const user = /^\d+$/.test(who)
    ? await findUserById(database.db, Number(who))
    : await findUserByEmail(database.db, who);
  if (!user) throw new AppError(404, `No user ${who}.`);
  return user;
}

async function run(command: string | undefined, args: string[], yes: boolean): Promise<void> {
  if (!command || command === 'help') {
    say(USAGE);
    return;
  }
  const known = ['create-admin', 'grant-premium', 'remove-premium', 'delete-user', 'list-flagged'];
  if (!known.includes(command)) throw new UsageError(`Unknown command "${command}".`);
  if (command === 'delete-user' && !yes) {
    throw new UsageError('delete-user removes the account and all its data for good: add --yes to go ahead.');
  }
  if (command === 'create-admin') {
    const email = emailSchema.safeParse(args[0]);
    if (!email.success) throw new UsageError('create-admin needs a valid e-mail address.');
    if (!args[1] || args[1].length < LIMITS.passwordMin) {
      throw new UsageError(`create-admin needs a password of at least ${LIMITS.passwordMin} characters.`);
    }
  }

  const config = loadConfig();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    // The embedded database allows one process: refuse while the app holds it.
    throw new AppError(
      409,
      `${error instanceof Error ? error.message : String(error)}\nThe embedded database is in use by a running LittleLoop; stop the app, then run this command again.`,
    );
  }
  try {
    await database.migrate();
    const deps: AdminDeps = {
      db: database.db,
      clock: systemClock,
      storage: await createStorage(config),
      // A running app on the same PostgreSQL hears this and refreshes its browse pages.
      listingsChanged: async () => {
        await database.db.execute(sql`select pg_notify(${LISTINGS_CHANNEL}, 'changed')`);
      },
      stripe: config.stripe ? createStripeApi(config.stripe.secretKey) : undefined,
    };
    switch (command) {
      case 'create-admin': {
        const admin = await createAdministrator(deps, OPERATOR, {
          email: args[0] ?? '',
          password: args[1] ?? '',
        });
        say(`Administrator ready: ${admin.email} (id ${admin.id}).`);
        break;
      }
      case 'grant-premium':
      case 'remove-premium': {
        const user = await findUser(database, args[0]);
        const updated = await setUserPremium(deps, OPERATOR, user.id, command === 'grant-premium');
        const premium = hasPremium(updated, systemClock.now());
        say(
          `${updated.email}: manual Premium ${updated.isPremium ? 'on' : 'off'}; Premium now ${premium ? 'yes' : 'no'}.`,
        );
        break;
      }
      case 'delete-user': {
        const user = await findUser(database, args[0]);
        await deleteUser(deps, OPERATOR, user.id);
        say(`Deleted ${user.email} (id ${user.id}) and everything that was theirs.`);
        break;
      }
      case 'list-flagged': {
        const page = await listModerationPage(database.db, {});
        if (page.rows.length === 0) say('No listings are waiting for review.');
        for (const row of page.rows) {
          say(
            `#${row.id}\t${row.isHidden ? 'hidden ' : 'visible'}\t${row.title}\t${row.ownerEmail}\t${row.flagReason ?? ''}`,
          );
        }
        break;
      }
    }
  } finally {
    await database.close();
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    yes: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const [command, ...rest] = positionals;

run(values.help ? 'help' : command, rest, values.yes).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ConfigError || error instanceof AppError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
