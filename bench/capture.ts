/**
 * The statements the app runs for a request, captured so the bare floor (bench/floor.ts) can
 * run exactly the same SQL with the same values for the same rows. The app is built in this
 * process on the data set's PostgreSQL database, its pool's queries are recorded while one
 * request of each path is injected, and the session's own lookup is left out: the floor has
 * no session, which is part of what the app's share pays for. A route's read that travels in the
 * session's statement (the item page, the plain first page; plugins/session.ts ReadWithSession) is kept whole, so the
 * floor runs the same single statement for it.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createPgPool, wrapNodePg } from '../server/db/client.js';
import { recordStatements, type SentStatement } from '../server/db/record-statements.js';

/** For each shape, for each of its paths (in order), the statements one request ran. */
export type CapturedShapes = Record<string, SentStatement[][]>;

const CAPTURE_SESSION_SECRET = 'bench-capture-session-secret-0123456789abcdef';

/** The session and its user alone, not a route's read joined to them. */
const isSessionLookup = (text: string) => /from "sessions"/.test(text) && !/"items"/.test(text);

export async function captureStatements(
  env: Record<string, string>,
  credentials: { email: string; password: string },
  shapes: Record<string, string[]>,
  file: string,
): Promise<CapturedShapes> {
  const pool = createPgPool(env.DATABASE_URL ?? '', { max: 2 });
  let recording: SentStatement[] | undefined;
  recordStatements(pool, (statement) => recording?.push(statement));
  const database = wrapNodePg(pool);
  const app = await buildApp({
    config: loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent', BROWSE_CACHE_SECONDS: '0' }),
    database,
    sessionSecret: CAPTURE_SESSION_SECRET,
    logger: false,
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const captured: CapturedShapes = {};
    for (const [shape, paths] of Object.entries(shapes)) {
      captured[shape] = [];
      for (const url of paths) {
        // The first request warms what the app keeps between requests; the second is the one a
        // parent's repeated request costs.
        await app.inject({ url, headers: { cookie } });
        recording = [];
        const answer = await app.inject({ url, headers: { cookie } });
        const statements = recording.filter((statement) => !isSessionLookup(statement.text));
        recording = undefined;
        if (answer.statusCode !== 200)
          throw new Error(`${url} answered ${answer.statusCode} while capturing`);
        captured[shape].push(statements);
      }
    }
    writeFileSync(file, JSON.stringify(captured));
    return captured;
  } finally {
    await app.close();
    await database.close();
  }
}
