import { AsyncLocalStorage } from 'node:async_hooks';
import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { sessions, users, type UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyContextConfig {
    /** A read of the route's own that can travel with the session's statement (ReadWithSession). */
    readWithSession?: ReadWithSession<unknown>;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh for each request; null for visitors. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export const SESSION_COOKIE = 'littleloop.sid';
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type SessionOptions = {
  db: Database;
  secret: string;
  clock: Clock;
  /**
   * Keep signed-in sessions and their users in memory between requests. Only where change
   * notices arrive before the change's own statement returns (the embedded database, in this
   * one process), so nothing is ever used after it changed; see migration 0008.
   */
  remember?: { listen: DatabaseHandle['listen'] };
};

/**
 * Sessions live in the sessions table (sid, sess, expire) so app instances stay stateless.
 * The cookie is HttpOnly and SameSite=Lax; the id is rotated at sign-in by the auth routes.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  const { db, clock } = options;
  const memory = options.remember ? await rememberSignedIn(options.remember.listen, clock) : undefined;
  if (memory) app.addHook('onClose', async () => memory.close());
  const store = createSessionStore(db, clock, memory);
  // The session store is handed a session id only: the request it is read for rides along in
  // the async context, for a route's read that travels with the session (ReadWithSession).
  app.addHook('onRequest', (request, _reply, done) => requestBeingRead.run(request, done));
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    // A session lasts 30 days from sign-in; not rolling saves a database write on every request.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came over HTTPS (directly or through the trusted proxy).
      secure: 'auto',
      maxAge: SESSION_MAX_AGE_MS,
      path: '/',
    },
    store,
  });

  app.decorateRequest('user', null);
  // onRequest, so route guards (also onRequest) refuse visitors before their input is validated.
  app.addHook('onRequest', async (request) => {
    const userId = request.session.userId;
    if (!userId) return;
    const loaded = store.takeLoadedUser(request.session.sessionId);
    if (loaded !== undefined && loaded?.id === userId) {
      request.user = loaded;
      return;
    }
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    request.user = row ?? null;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!request.user.isAdmin) throw forbidden('Administrator access required');
  });

  await purgeExpiredSessions(db, clock);
  const timer = setInterval(() => {
    purgeExpiredSessions(db, clock).catch((error: unknown) =>
      app.log.warn({ err: error }, 'session purge failed'),
    );
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

export async function purgeExpiredSessions(db: Database, clock: Clock): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expire, clock.now()))
    .returning({ sid: sessions.sid });
  return removed.length;
}

/**
 * A route's first read, sent in the same statement as the session and its user, so a signed-in
 * request that needs both costs one round trip instead of two (docs/PERFORMANCE.md, "The bare
 * floor"). The statement selects `session` and `user` as the session's own does, plus the
 * route's columns; it may answer several rows (a page), the first of which carries the session
 * and its user. The route takes its rows with takeReadWithSession; when the session came from
 * memory, or this request cannot be read this way, nothing was read and the route reads as usual.
 */
export type ReadWithSession<Read> = {
  /**
   * The read for this request, given the session id; undefined when the request cannot be read
   * this way (its values are not valid, or the route would answer it without reading).
   */
  forRequest(
    request: FastifyRequest,
    db: Database,
  ): ((sid: string) => Promise<({ session: SessionRow | null; user: UserRow | null } & Read)[]>) | undefined;
};

type SessionRow = typeof sessions.$inferSelect;
const requestBeingRead = new AsyncLocalStorage<FastifyRequest>();
/** What a route's read brought back with the session, until the route takes it. */
const readsWithSession = new WeakMap<FastifyRequest, unknown[]>();

/**
 * The rows of a route's read made with the session (the first also carries `session` and
 * `user`), or undefined when it was not read that way: the route then reads them itself.
 */
export function takeReadWithSession<Read>(
  request: FastifyRequest,
  _read: ReadWithSession<Read>,
): Read[] | undefined {
  const rows = readsWithSession.get(request) as Read[] | undefined;
  readsWithSession.delete(request);
  return rows;
}

/** Users loaded with their session, waiting for the request's user hook (see get below). */
const LOADED_USERS_LIMIT = 1000;

type UserLoadingSessionStore = SessionStore & {
  /** The user read together with this session moments ago, once; undefined if there is none. */
  takeLoadedUser(sid: string): UserRow | null | undefined;
};

/** A session as read from the database, with its user. */
type LoadedSession = { sess: Session; expire: Date; user: UserRow | null };
/** How long a remembered session is trusted without reading it again, changes or not. */
const REMEMBER_MS = 60_000;
const REMEMBER_LIMIT = 10_000;

type SignedInMemory = {
  get(sid: string): LoadedSession | undefined;
  /** The version to pass to keep(), read before the session is queried. */
  version(): number;
  keep(sid: string, loaded: LoadedSession, version: number): void;
  forget(sid: string): void;
  close(): Promise<void>;
};

/**
 * Signed-in sessions and users kept in memory, forgotten as soon as the database announces a
 * change to either (migration 0008's triggers) and after REMEMBER_MS in any case. A read that
 * raced with a change is not kept (the version moved on).
 */
async function rememberSignedIn(listen: DatabaseHandle['listen'], clock: Clock): Promise<SignedInMemory> {
  const kept = new Map<string, LoadedSession & { until: number }>();
  let version = 0;
  const stopSessions = await listen('littleloop_sessions', (sid) => {
    version += 1;
    kept.delete(sid);
  });
  const stopUsers = await listen('littleloop_users', (userId) => {
    version += 1;
    for (const [sid, loaded] of kept) if (String(loaded.user?.id) === userId) kept.delete(sid);
  });
  return {
    get(sid) {
      const loaded = kept.get(sid);
      if (!loaded) return undefined;
      if (loaded.until > clock.now().getTime()) return loaded;
      kept.delete(sid);
      return undefined;
    },
    version: () => version,
    keep(sid, loaded, startedAt) {
      if (startedAt !== version) return;
      if (kept.size >= REMEMBER_LIMIT) kept.clear();
      kept.set(sid, { ...loaded, until: clock.now().getTime() + REMEMBER_MS });
    },
    forget(sid) {
      version += 1;
      kept.delete(sid);
    },
    async close() {
      kept.clear();
      await stopSessions();
      await stopUsers();
    },
  };
}

function createSessionStore(db: Database, clock: Clock, memory?: SignedInMemory): UserLoadingSessionStore {
  // Every signed-in request needs both the session and its user: reading them in one statement
  // halves the per-request round trips (docs/PERFORMANCE.md). The session plugin only passes
  // the session on, so the user waits here, keyed by sid, until the user hook takes it.
  const loadedUsers = new Map<string, UserRow | null>();
  // Prepared once: building this wide select anew took a tenth of a request's time.
  const sessionWithUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .limit(1)
    .prepare('session_with_user');
  return {
    takeLoadedUser(sid) {
      const user = loadedUsers.get(sid);
      loadedUsers.delete(sid);
      return user;
    },
    set(sid, session, callback) {
      memory?.forget(sid);
      const expire = new Date(clock.now().getTime() + (session.cookie.originalMaxAge ?? SESSION_MAX_AGE_MS));
      const row = { sid, sess: session, expire, userId: session.userId ?? null };
      db.insert(sessions)
        .values(row)
        .onConflictDoUpdate({ target: sessions.sid, set: { sess: row.sess, expire, userId: row.userId } })
        .then(() => callback(), callback);
    },
    get(sid, callback) {
      const deliver = (loaded: LoadedSession, shared: boolean) => {
        if (loaded.expire.getTime() <= clock.now().getTime()) return callback(null, null);
        // A request aborted between the two hooks leaves its user behind; never let that pile up.
        if (loadedUsers.size >= LOADED_USERS_LIMIT) loadedUsers.clear();
        loadedUsers.set(sid, loaded.user);
        // The session plugin builds the request's session from it: a remembered one gets a copy,
        // one just read from the database is this request's alone.
        callback(null, shared ? structuredClone(loaded.sess) : loaded.sess);
      };
      const remembered = memory?.get(sid);
      if (remembered) return deliver(remembered, true);
      const startedAt = memory?.version() ?? 0;
      // A route's read travels with the session when the route declares one and the request
      // gives its values; otherwise the session and its user are read alone.
      const request = requestBeingRead.getStore();
      const readWithRoute = request && request.routeOptions.config.readWithSession?.forRequest(request, db);
      const reading: Promise<{ session: SessionRow | null; user: UserRow | null }[]> = readWithRoute
        ? readWithRoute(sid)
        : sessionWithUser.execute({ sid });
      reading.then((rows) => {
        const [row] = rows;
        if (!row?.session) return callback(null, null);
        const { session, user } = row;
        if (request && readWithRoute) readsWithSession.set(request, rows);
        const loaded = { sess: session.sess as Session, expire: session.expire, user };
        memory?.keep(sid, loaded, startedAt);
        deliver(loaded, memory !== undefined);
      }, callback);
    },
    destroy(sid, callback) {
      memory?.forget(sid);
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
    },
  };
}

/** The signed-in user of a route guarded by requireUser; throws 401 if there is none. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
