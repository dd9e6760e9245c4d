/**
 * The bare floor: a minimal Fastify server with node-postgres (a pool of 10, like the app's)
 * that runs, for each request shape, exactly the statements the app ran for it (captured by
 * bench/capture.ts: same SQL, same values, same rows), prepared where the app's were and sent
 * plain where the app's were (PostgreSQL plans a prepared statement once for any values, a plain
 * one for its own: the two can differ several times over), and sends their
 * rows as JSON (or, when a statement builds the JSON itself, its text): no session, validation,
 * shaping or framework work of the app's. `npm run bench -- requests --postgres` loads it
 * exactly like the app and prints the app's share per shape. FLOOR_STATEMENTS names the
 * captured file.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { CapturedShapes } from './capture.js';

const captured = JSON.parse(readFileSync(process.env.FLOOR_STATEMENTS ?? '', 'utf8')) as CapturedShapes;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** A statement the app prepared gets a prepared-statement name of its own, as Drizzle's would. */
const prepared = Object.entries(captured).map(([shape, requests], shapeIndex) =>
  requests.map((statements, requestIndex) =>
    statements.map((statement, statementIndex) => ({
      name: statement.prepared ? `floor_${shapeIndex}_${requestIndex}_${statementIndex}` : undefined,
      text: statement.text,
      values: statement.values,
      shape,
    })),
  ),
);
const byShape = new Map(Object.keys(captured).map((shape, index) => [shape, prepared[index] ?? []]));

/** PostgreSQL's type id for text. */
const TEXT_TYPE = 25;

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get<{ Params: { shape: string; index: string } }>('/floor/:shape/:index', async (request, reply) => {
  const statements = byShape.get(request.params.shape)?.[Number(request.params.index)];
  if (!statements) return reply.code(404).send();
  const results: pg.QueryResult[] = [];
  for (const { name, text, values } of statements) results.push(await pool.query({ name, text, values }));
  reply.header('content-type', 'application/json');
  const [only] = results;
  // A statement that builds the answer's JSON itself (one text value) is sent as it is, as the
  // app sends it: encoding it again as a string would charge the floor for work the app skips.
  if (
    results.length === 1 &&
    only?.rowCount === 1 &&
    only.fields.length === 1 &&
    only.fields[0]?.dataTypeID === TEXT_TYPE
  ) {
    return Object.values(only.rows[0] as Record<string, string>)[0];
  }
  return JSON.stringify(results.map((result) => result.rows));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
