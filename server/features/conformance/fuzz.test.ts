/**
 * A property-based fuzz test over every route of the OpenAPI description. For each
 * route, fast-check builds requests from hostile parts (ids out of range or not numbers at all,
 * query strings with wrong types, repeated keys and prototype keys, JSON bodies of the wrong
 * shape, malformed or deeply nested JSON, wrong content types, oversized bodies, broken
 * multipart) and sends them as a visitor, a signed-in parent and, on /api/admin, an
 * administrator. Three properties hold for every request:
 *
 *   - never a 5xx (docs/OPERATIONS.md: bad input gets a clear 4xx);
 *   - an answer within REQUEST_DEADLINE_MS (a hang fails by name instead of timing out the file);
 *   - the data changes only with a 2xx answer: a fingerprint of every data table is the same
 *     after a refused request as before it.
 *
 * Reproducible: the seed is fixed (FUZZ_SEED overrides it) and fast-check prints the seed, path
 * and shrunk counterexample of a failure; FUZZ_RUNS sets the requests per route and caller.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { makeItem, makeSignedInUser, type TestSession } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { makeWholeApiTestApp } from '../../test/whole-api-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const REQUEST_DEADLINE_MS = 10_000;

/**
 * Tables whose rows a refused request may legitimately change: abuse counters count refused
 * attempts on purpose (server/lib/rate-limits.ts), and a session's expiry is renewed by any
 * signed-in request, answered or refused.
 */
const TABLES_A_REFUSAL_MAY_CHANGE = new Set(['auth_throttle', 'sessions']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = 'visitor' | 'parent' | 'admin';

type Operation = {
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  multipart: boolean;
};

/** What one generated request carries, before the scene's ids are put in. */
type FuzzRequest = {
  pathValues: string[];
  query: [string, string][];
  rawQuerySuffix: string;
  body: GeneratedBody;
};

type GeneratedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; payload: Buffer; contentType: string };

// ------------------------------------------------------------------------- the generators

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '-1',
  '0',
  '1',
  '01',
  '+1',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  '1_000',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE items; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\ud800',
  '\u202e\u0041',
  'café',
  '👶🧸',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
];

/** Strings a parser might choke on: the list above, arbitrary text, numbers written oddly. */
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Any JSON-ish value, hostile strings and numbers included. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom(0, -1, 1, 2_147_483_648, 1e308, -1e308, 0.5),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/xml',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}{"b":2}',
  "{'a':1}",
  'nul',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

function bodyFor(operation: Operation): fc.Arbitrary<GeneratedBody> {
  const fieldNames = operation.bodyFields.length > 0 ? operation.bodyFields : ['value'];
  const shapedObject = fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames) }, fc.string({ maxLength: 8 })),
        hostileValue,
      ),
      { maxLength: fieldNames.length + 2 },
    )
    .map((entries) => Object.fromEntries(entries));
  const json = fc.record({
    kind: fc.constant('json' as const),
    value: fc.oneof({ weight: 4, arbitrary: shapedObject }, hostileValue),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('application/json') },
      fc.constantFrom(...CONTENT_TYPES),
    ),
  });
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ maxLength: 60 })),
    contentType: fc.constantFrom(...CONTENT_TYPES),
  });
  const none = fc.constant({ kind: 'none' as const });
  if (operation.multipart) return fc.oneof({ weight: 4, arbitrary: multipartBody }, json, raw, none);
  if (operation.method === 'GET') return fc.oneof({ weight: 6, arbitrary: none }, json, raw);
  return fc.oneof({ weight: 6, arbitrary: json }, { weight: 2, arbitrary: raw }, none);
}

/** Broken multipart bodies: wrong or missing boundary, truncated parts, junk instead of a photo. */
const multipartBody: fc.Arbitrary<GeneratedBody> = fc
  .record({
    declaredBoundary: fc.constantFrom('fuzzboundary', 'other', ''),
    usedBoundary: fc.constantFrom('fuzzboundary', 'other'),
    field: fc.constantFrom('photos', 'photo', 'file', 'images', ''),
    filename: fc.oneof(
      fc.constantFrom('a.png', 'a.jpg', '../../x.png', 'a\u0000.png', ''),
      fc.string({ maxLength: 20 }),
    ),
    partType: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream'),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')), // a PNG header cut short
    ),
    truncateAt: fc.option(fc.nat({ max: 300 })),
    parts: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ declaredBoundary, usedBoundary, field, filename, partType, content, truncateAt, parts }) => {
    const chunks: Buffer[] = [];
    for (let part = 0; part < parts; part += 1) {
      chunks.push(
        Buffer.from(
          `--${usedBoundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
            `Content-Type: ${partType}\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${usedBoundary}--\r\n`));
    const whole = Buffer.concat(chunks);
    return {
      kind: 'multipart' as const,
      payload: truncateAt === null ? whole : whole.subarray(0, truncateAt),
      contentType: declaredBoundary
        ? `multipart/form-data; boundary=${declaredBoundary}`
        : 'multipart/form-data',
    };
  });

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__[isAdmin]', 'a[b]', 'a[]', ''];

function requestFor(operation: Operation, knownIds: string[]): fc.Arbitrary<FuzzRequest> {
  const id = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 3, arbitrary: hostileString },
  );
  const queryKey = fc.oneof(
    {
      weight: 4,
      arbitrary:
        operation.queryParams.length > 0 ? fc.constantFrom(...operation.queryParams) : fc.constant('q'),
    },
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.string({ maxLength: 10 }),
  );
  return fc.record({
    pathValues: fc.tuple(...operation.pathParams.map(() => id)),
    query: fc.array(fc.tuple(queryKey, fc.oneof(id, hostileString)), { maxLength: 5 }),
    // Percent-encoding no decoder accepts, appended as is.
    rawQuerySuffix: fc.constantFrom('', '', '', '&%', '&a=%zz', '&%E0%A4%A', '&a=%00'),
    body: bodyFor(operation),
  });
}

// ------------------------------------------------------------------------------ the scene

const t: TestApp = await makeWholeApiTestApp('fuzz');
const knownIds: string[] = [];

afterAll(async () => {
  await t.close();
});

type Scene = Record<Exclude<Caller, 'visitor'>, TestSession>;

/**
 * Fresh people and things for each route, so a fuzzed request that succeeds (a sign-out, a
 * deletion) leaves the next route a working scene; their ids join the ids requests may use.
 */
async function newScene(): Promise<Scene> {
  // The test clock stands still, and the factories date things by the wall clock: keep them
  // together, so a new item is past its early-access hour by both.
  t.clock.set(new Date());
  const parent = await makeSignedInUser(t);
  const admin = await makeSignedInUser(t, { isAdmin: true });
  const seller = await makeSignedInUser(t, { isPremium: true });
  const own = await makeItem(t.db, parent.user);
  const theirs = await makeItem(t.db, seller.user);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    payload: { itemId: theirs.id, sellerId: seller.user.id },
    headers: { cookie: parent.cookie },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const conversationId = opened.json<{ id: number }>().id;
  knownIds.splice(
    0,
    knownIds.length,
    ...[parent.user.id, seller.user.id, own.id, theirs.id, conversationId].map(String),
  );
  return { parent, admin };
}

// ---------------------------------------------------------------------------- the checks

/** Row count and a digest of every row, per data table. */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'
    order by table_name`),
  );
  const names = tables.map((row) => row.table_name).filter((name) => !TABLES_A_REFUSAL_MAY_CHANGE.has(name));
  const digests = rowsOf<{ name: string; digest: string }>(
    await t.db.execute(
      sql.raw(
        names
          .map(
            (name) =>
              `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(row_text, '|' order by row_text)), '') as digest ` +
              `from (select t::text as row_text from "${name}" t) rows`,
          )
          .join(' union all '),
      ),
    ),
  );
  return new Map(digests.map((row) => [row.name, row.digest]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}

/**
 * Percent-encodes the UTF-8 bytes of text, as a browser would; a lone surrogate (which
 * encodeURIComponent refuses) becomes U+FFFD on the way, as it would in a browser too.
 */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function buildUrl(operation: Operation, request: FuzzRequest): string {
  let path = operation.path;
  operation.pathParams.forEach((name, index) => {
    path = path.replace(`{${name}}`, percentEncode(request.pathValues[index] ?? ''));
  });
  const query = request.query
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .join('&');
  const search = query || request.rawQuerySuffix ? `?${query}${request.rawQuerySuffix}` : '';
  return `${path}${search}`;
}

type Answer = { statusCode: number; body: string };

async function send(operation: Operation, request: FuzzRequest, cookie: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: string | Buffer | undefined;
  const { body } = request;
  if (body.kind === 'json') {
    payload = JSON.stringify(body.value) ?? 'null';
    headers['content-type'] = body.contentType;
  } else if (body.kind === 'raw' || body.kind === 'multipart') {
    payload = body.kind === 'raw' ? body.text : body.payload;
    headers['content-type'] = body.contentType;
  }
  const stream = operation.path === '/api/events';
  const answered = t.app
    .inject({
      method: operation.method,
      url: buildUrl(operation, request),
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(stream ? { payloadAsStream: true } : {}),
    })
    .then((response) => {
      if (stream) {
        // An event stream stays open by design: its status is the answer.
        response.stream().destroy();
        return { statusCode: response.statusCode, body: '' };
      }
      return { statusCode: response.statusCode, body: response.body.slice(0, 300) };
    });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_DEADLINE_MS} ms`)),
      REQUEST_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([answered, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

// ------------------------------------------------------------------------------ the routes

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

async function documentedOperations(): Promise<Operation[]> {
  const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase() as Method,
        path: path.replace(/(.)\/$/, '$1'),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(content['application/json']?.schema?.properties ?? {}),
        multipart: 'multipart/form-data' in content,
      };
    }),
  );
}

function callersOf(operation: Operation): Caller[] {
  return operation.path.startsWith('/api/admin') ? ['visitor', 'parent', 'admin'] : ['visitor', 'parent'];
}

// The routes are read from the app itself, so each gets its own test, named after it.
const operations = await documentedOperations();

describe('fuzzing every route of the OpenAPI description', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  for (const [index, operation] of operations.entries()) {
    it(`${operation.method} ${operation.path}: never 5xx, always an answer, data changed only by a 2xx`, async () => {
      const scene = await newScene();
      const failures: string[] = [];
      for (const caller of callersOf(operation)) {
        const cookie = caller === 'visitor' ? undefined : scene[caller].cookie;
        let before = await fingerprint();
        const outcome = await fc.check(
          fc.asyncProperty(requestFor(operation, [...knownIds]), async (request) => {
            const answer = await send(operation, request, cookie);
            const after = await fingerprint();
            const succeeded = answer.statusCode >= 200 && answer.statusCode < 300;
            const changed = succeeded ? [] : changedTables(before, after);
            before = after;
            if (answer.statusCode >= 500) throw new Error(`${answer.statusCode} ${answer.body}`);
            if (changed.length > 0) {
              throw new Error(`${answer.statusCode} ${answer.body}, yet ${changed.join(', ')} changed`);
            }
          }),
          { seed: SEED + index, numRuns: RUNS },
        );
        if (outcome.failed)
          failures.push(`as ${caller}: ${fc.defaultReportMessage(outcome) ?? ''}`.slice(0, 3_000));
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it('leaves the app answering health checks', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('builds bodies a server must refuse, not only ones it accepts', () => {
    // A guard on the generators themselves: they must reach the hostile shapes named above.
    const operation: Operation = {
      method: 'POST',
      path: '/api/items',
      pathParams: [],
      queryParams: [],
      bodyFields: ['title'],
      multipart: false,
    };
    const samples = fc.sample(requestFor(operation, ['1']), { seed: SEED, numRuns: 400 });
    const kinds = new Set(samples.map((sample) => sample.body.kind));
    expect([...kinds].sort()).toEqual(['json', 'none', 'raw']);
    const texts = samples.flatMap((sample) => (sample.body.kind === 'raw' ? [sample.body.text] : []));
    expect(texts.some((text) => text.length > 1024 * 1024)).toBe(true);
  });
});
