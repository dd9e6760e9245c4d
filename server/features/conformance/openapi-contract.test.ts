/**
 * The OpenAPI description tells the truth. Every operation of /api/docs/json is replayed with
 * requests built from its own schemas (path ids, query parameters and JSON bodies the
 * description calls valid), as the caller it is meant for: a visitor and a signed-in parent on
 * the public calls, a signed-in parent on the others, an administrator on /api/admin. Each
 * answer must be one the description gives:
 *
 *   - a status the operation documents, never a 5xx but its documented 503;
 *   - no 400, since the request was valid by the description, unless the operation's entry in
 *     RULE_REFUSALS names the message (a rule a schema cannot state, such as an unknown token);
 *   - the documented content type, and a body the documented schema for that status accepts.
 *
 * Ids in paths and id fields in bodies are mostly the ids of a fresh scene (so the calls reach
 * their successful answers), sometimes any id in the documented bounds. The fuzz test next to
 * this one sends what the description refuses; this one sends what it accepts.
 *
 * Reproducible: the seed is fixed (CONTRACT_SEED overrides it) and fast-check prints the seed,
 * path and counterexample of a failure; CONTRACT_RUNS sets the requests per operation and caller.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeItem, makeSignedInUser, makeUploads, makeUser, type TestSession } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { makeWholeApiTestApp } from '../../test/whole-api-app.js';

const SEED = Number(process.env.CONTRACT_SEED ?? 20261126);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 10);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = 'visitor' | 'parent' | 'admin';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the description uses. */
type JsonSchema = {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
};

/** The keywords the request generator understands; a request schema using another fails by name. */
const UNDERSTOOD_KEYWORDS = new Set([
  'type',
  'enum',
  'nullable',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'default',
  'description',
]);

type OpenApiParameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
type OpenApiResponse = { description?: string; content?: Record<string, { schema?: JsonSchema }> };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  responses: Record<string, OpenApiResponse>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

type Operation = {
  method: Method;
  /** The path as the description writes it, `{id}` and all. */
  path: string;
  description: OpenApiOperation;
};

/**
 * Operations no generated request can meaningfully replay, each with the reason. Their answers
 * are held to the description by the tests that can build their requests.
 */
const NOT_REPLAYED: Record<string, string> = {
  'GET /api/events':
    'a server-sent event stream stays open by design; its 200 and content type are checked by the authorisation matrix',
  'POST /api/billing/webhook':
    'only a body signed with the Stripe webhook secret gets past the signature check; billing.test.ts signs its events',
  'POST /api/upload':
    'a multipart photo upload: the description gives the part, not a picture sharp will decode; uploads.test.ts sends real photos',
  'POST /api/upload/profile':
    'a multipart photo upload: the description gives the part, not a picture sharp will decode; uploads.test.ts sends real photos',
};

type Rule = { message: RegExp; reason: string };

const SERVER_ISSUED_CURSOR: Rule = {
  message: /^Invalid cursor$/,
  reason: 'a page cursor is a token the server issued with the previous page',
};
const KNOWN_TIME_ZONE: Rule = {
  message: /^timeZone: Choose a time zone$/,
  reason: 'a time zone is one the server knows by name; the list is the runtime’s, not the schema’s',
};
const EMAILED_TOKEN = 'the token is one the server e-mailed';
const PHOTO_REQUIRED: Rule = {
  message: /^Photo required – You must upload at least one photo of your item before listing it\.$/,
  reason:
    'imageUrls may be left out by the schema (it defaults to an empty list), and PRODUCT’s words answer that',
};
const OWN_UPLOADS: Rule = {
  message: /^Photos must be uploaded through LittleLoop first$/,
  reason: 'photos must be the parent’s own uploads',
};
const PRICE_FOR_SALE: Rule = {
  message: /^Price is only for items for sale$/,
  reason: 'a price goes with a sale, a rule between fields OpenAPI 3.0 cannot state',
};
const POSITION_TOGETHER: Rule = {
  message: /^Latitude and longitude go together: send both, or neither$/,
  reason: 'latitude and longitude go together, a rule between fields OpenAPI 3.0 cannot state',
};
const DISTANCE_NEEDS_PLACE: Rule = {
  message:
    /^Set your city or ZIP code in your profile to search by distance: distances are measured from there$/,
  reason: 'a distance needs the parent’s own place in the profile',
};
const SEARCH_CRITERION: Rule = {
  message: /^searchTerm: Add a search term or at least one filter$/,
  reason: 'a saved search needs a term or a filter, a rule between fields OpenAPI 3.0 cannot state',
};
const PRICE_RANGE: Rule = {
  message: /^minPrice: Minimum price must not be more than the maximum price$/,
  reason: 'the lower price bound must not pass the upper, a rule between fields OpenAPI 3.0 cannot state',
};

/**
 * 400s a valid request may get, by operation: rules about the world rather than the shape of
 * the request (a token only the server knows, the state of the scene, fields that go together),
 * which the description cannot state. Anything else answered 400 to a valid request means the
 * description accepts what the server refuses.
 */
const RULE_REFUSALS: Record<string, Rule[]> = {
  'POST /api/reset-password': [
    {
      message: /^This reset link is not valid\. Please request a new password reset\.$/,
      reason: EMAILED_TOKEN,
    },
  ],
  'POST /api/verify-email': [
    { message: /^This verification link is invalid or has expired\.$/, reason: EMAILED_TOKEN },
  ],
  'POST /api/referral/apply': [
    {
      message: /^The referral code is invalid or has already been used\.$/,
      reason: 'the code is another parent’s, unused',
    },
  ],
  'POST /api/notifications/unsubscribe': [
    { message: /^This link is not valid\. Change your e-mails in Settings\.$/, reason: EMAILED_TOKEN },
  ],
  'POST /api/notifications/resubscribe': [
    { message: /^This link is not valid\. Change your e-mails in Settings\.$/, reason: EMAILED_TOKEN },
  ],
  'PATCH /api/notifications/settings': [KNOWN_TIME_ZONE],
  'POST /api/push/subscriptions': [KNOWN_TIME_ZONE],
  'POST /api/items/{id}/promise': [
    {
      message:
        /^(Nobody has requested this item yet|Choose a family who requested this item|Requests are still collecting; you can choose once the waiting time is over)$/,
      reason: 'the family promised must have requested the item, and the waiting time must be over',
    },
  ],
  'POST /api/items/{id}/exchange': [
    {
      message: /^Choose someone you talked with about this item$/,
      reason: 'the receiver must be someone in a conversation about the item',
    },
  ],
  'PATCH /api/exchanges/{id}/pickup': [
    { message: /^(safeLocationId: )?Choose a meeting place$/, reason: 'the meeting place must exist' },
    {
      message: /^(scheduledAt: )?Choose a time (in the future|within the next 30 days)$/,
      reason: 'the time is judged against the present',
    },
  ],
  'POST /api/items/{id}/report': [
    { message: /^You cannot report your own listing$/, reason: 'the listing must be someone else’s' },
  ],
  'POST /api/users/report': [
    { message: /^You cannot report yourself$/, reason: 'the parent reported must be someone else' },
  ],
  'POST /api/users/{id}/block': [
    { message: /^You cannot block yourself$/, reason: 'the parent blocked must be someone else' },
  ],
  'POST /api/conversations/': [
    {
      message: /^sellerId must be the owner of the item$/,
      reason: 'the seller named must own the item named',
    },
    { message: /^You cannot message yourself$/, reason: 'the seller must be someone else' },
  ],
  'POST /api/favorites/': [
    { message: /^You cannot favourite your own item$/, reason: 'the item must be someone else’s' },
  ],
  'POST /api/items': [PHOTO_REQUIRED, OWN_UPLOADS, PRICE_FOR_SALE, POSITION_TOGETHER],
  'PATCH /api/items/{id}': [OWN_UPLOADS, PRICE_FOR_SALE, POSITION_TOGETHER],
  'POST /api/bulk-listings': [PHOTO_REQUIRED, OWN_UPLOADS, PRICE_FOR_SALE],
  'POST /api/saved-searches': [DISTANCE_NEEDS_PLACE, SEARCH_CRITERION, PRICE_RANGE],
  'PATCH /api/saved-searches/{id}': [DISTANCE_NEEDS_PLACE, SEARCH_CRITERION, PRICE_RANGE],
  'GET /api/items': [
    SERVER_ISSUED_CURSOR,
    {
      message:
        /^(lat: lat and lng go together|maxDistance: maxDistance needs a position \(lat and lng\)|sort: Sorting by distance needs a position \(lat and lng\))$/,
      reason: 'a position is lat with lng, and a radius or nearest-first needs one: rules between parameters',
    },
  ],
  'GET /api/admin/users': [SERVER_ISSUED_CURSOR],
  'GET /api/admin/reports': [SERVER_ISSUED_CURSOR],
  'GET /api/admin/moderation': [SERVER_ISSUED_CURSOR],
  'GET /api/admin/audit-log': [SERVER_ISSUED_CURSOR],
};

// ------------------------------------------------------------------ the request generator

/** Letters a parent might type: mostly ASCII, some accented and non-Latin ones. */
const typedCharacter = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'ø', 'ç', 'ü', 'ñ', 'ł', 'ж', 'ά', '字') },
);

/** E-mail addresses in the shape every validator agrees on (letters, digits, dots between). */
const emailAddress = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('example.com', 'example.org', 'mail.example.net'),
  )
  .map(([localParts, domain]) => `${localParts.join('.')}@${domain}`);

/** A JSON Schema string turned into an arbitrary. */
function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 40);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const fits = (value: string) =>
    [...value].length >= minLength && [...value].length <= maxLength && (pattern?.test(value) ?? true);
  // An anchored pattern builds the string; an unanchored one (such as \S) only filters typed text.
  const isAnchored = schema.pattern?.startsWith('^') && schema.pattern.endsWith('$');
  if (pattern && isAnchored && schema.format === undefined) return fc.stringMatching(pattern).filter(fits);
  switch (schema.format) {
    case 'email':
      return emailAddress.filter(fits);
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString())
        .filter(fits);
    case 'uri':
      return fc.webUrl({ withQueryParameters: true }).filter(fits);
    case undefined:
      return fc
        .string({ unit: typedCharacter, minLength, maxLength: Math.min(maxLength, minLength + 60) })
        .filter(fits);
    default:
      throw new Error(`no generator for string format ${schema.format}`);
  }
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const whole = fc.bigInt({ min: BigInt(Math.ceil(min)), max: BigInt(Math.floor(max)) }).map(Number);
  if (integer) return whole;
  return fc.oneof(
    whole,
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => value + 0),
  );
}

/** Values of the scene for a field of that name: ids for `itemId`, photo URLs for `imageUrls`. */
type SceneValues = (fieldName: string) => (number | string)[];

/**
 * Values the schema accepts. `valuesFor` gives the scene's ids for a field named like an id (so
 * that a body reaches the resource it names; positive integers, which every id schema takes) and
 * the parent's own photos for a list of them.
 */
function valueArbitrary(schema: JsonSchema, valuesFor: SceneValues, fieldName = ''): fc.Arbitrary<unknown> {
  const unknownKeywords = Object.keys(schema).filter((keyword) => !UNDERSTOOD_KEYWORDS.has(keyword));
  if (unknownKeywords.length > 0) throw new Error(`no generator for ${unknownKeywords.join(', ')}`);
  const base = nonNullArbitrary(schema, valuesFor, fieldName);
  return schema.nullable
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base })
    : base;
}

function nonNullArbitrary(
  schema: JsonSchema,
  valuesFor: SceneValues,
  fieldName: string,
): fc.Arbitrary<unknown> {
  const generated = schemaArbitrary(schema, valuesFor);
  const real = valuesFor(fieldName);
  if (real.length === 0) return generated;
  if (/Id$/.test(fieldName) && acceptsIntegers(schema))
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: generated });
  if (schema.type === 'array') {
    const realList = fc.subarray(real, {
      minLength: Math.max(1, schema.minItems ?? 0),
      maxLength: schema.maxItems,
    });
    return fc.oneof({ weight: 3, arbitrary: realList }, { weight: 1, arbitrary: generated });
  }
  return generated;
}

function acceptsIntegers(schema: JsonSchema): boolean {
  if (schema.type === 'integer' || schema.type === 'number') return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(acceptsIntegers);
}

function schemaArbitrary(schema: JsonSchema, valuesFor: SceneValues): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((alternative) => valueArbitrary(alternative, valuesFor)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueArbitrary(schema.items ?? {}, valuesFor), {
        minLength: schema.minItems ?? 0,
        maxLength: schema.maxItems ?? Math.max(schema.minItems ?? 0, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          valueArbitrary(property, valuesFor, name),
        ]),
      );
      const minProperties = schema.minProperties ?? 0;
      return fc
        .record(model, { requiredKeys: schema.required ?? [] })
        .filter((value) => Object.keys(value).length >= minProperties);
    }
    case undefined:
      // An empty schema takes anything; plain values stand for "anything".
      return fc.constantFrom(null, true, 0, 'any');
    default:
      throw new Error(`no generator for type ${schema.type}`);
  }
}

/** One generated request, before it is sent. */
type ContractRequest = {
  pathValues: Record<string, number | string>;
  query: Record<string, unknown>;
  /** The JSON body, or undefined for none. */
  body: unknown;
};

function requestArbitrary(operation: Operation, scene: Scene): fc.Arbitrary<ContractRequest> {
  const parameters = operation.description.parameters ?? [];
  const valuesFor: SceneValues = (name) => scene.valuesForField(name);
  const pathValues = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => {
        const realIds = scene.idsForPath(operation.path);
        const generated = valueArbitrary(parameter.schema, valuesFor);
        return [
          parameter.name,
          realIds.length > 0
            ? fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(...realIds) },
                { weight: 1, arbitrary: generated },
              )
            : generated,
        ];
      }),
  );
  const query = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, valueArbitrary(parameter.schema, valuesFor, parameter.name)]),
  );
  const queryRequired = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => parameter.name);
  const bodySchema = operation.description.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema
    ? operation.description.requestBody?.required
      ? valueArbitrary(bodySchema, valuesFor)
      : fc.option(valueArbitrary(bodySchema, valuesFor), { nil: undefined })
    : fc.constant(undefined);
  const onlyRequiredQuery = fc.record(
    Object.fromEntries(Object.entries(query).filter(([name]) => queryRequired.includes(name))),
  );
  return fc.record({
    pathValues: fc.record(pathValues) as fc.Arbitrary<Record<string, number | string>>,
    // Often no optional parameter at all: random filters together match nothing, and an empty
    // list would leave the schema of its entries unchecked.
    query: fc.oneof(onlyRequiredQuery, fc.record(query, { requiredKeys: queryRequired })),
    body,
  });
}

// ------------------------------------------------------------------------------ the scene

const t: TestApp = await makeWholeApiTestApp('contract');

afterAll(async () => {
  await t.close();
});

type Scene = {
  sessions: Record<Exclude<Caller, 'visitor'>, TestSession>;
  /** Real ids for a path's `{id}`, chosen by the noun before it. */
  idsForPath(path: string): number[];
  /** Real values for a body or query field: ids for `itemId`, the parent's photos for `imageUrls`. */
  valuesForField(name: string): (number | string)[];
};

/**
 * A fresh Premium parent (so Premium-only calls get past their gate), a neighbour with a
 * listing and a conversation about it, and an administrator, for each operation: a request
 * that succeeds (a sign-out, a deletion) leaves the next operation a working scene.
 */
async function newScene(): Promise<Scene> {
  // The test clock stands still, and the factories date things by the wall clock: keep them
  // together, so a new item is past its early-access hour by both.
  t.clock.set(new Date());
  const parent = await makeSignedInUser(t, { isPremium: true });
  const neighbour = await makeUser(t.db);
  const admin = await makeSignedInUser(t, { isAdmin: true });
  const own = await makeItem(t.db, parent.user);
  const theirs = await makeItem(t.db, neighbour);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    payload: { itemId: theirs.id, sellerId: neighbour.id },
    headers: { cookie: parent.cookie },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const conversationId = opened.json<{ id: number }>().id;
  const userIds = [parent.user.id, neighbour.id];
  const itemIds = [own.id, theirs.id];
  const byNoun: Record<string, number[]> = {
    users: userIds,
    items: itemIds,
    favorites: itemIds,
    conversations: [conversationId],
  };
  const photos = await makeUploads(t.db, parent.user, 3);
  const byField: Record<string, (number | string)[]> = {
    imageUrls: photos,
    itemId: itemIds,
    userId: userIds,
    sellerId: [neighbour.id],
    reportedUserId: [neighbour.id],
    conversationId: [conversationId],
  };
  return {
    sessions: { parent, admin },
    idsForPath: (path) => byNoun[/\/([a-z-]+)\/\{[A-Za-z]+\}/.exec(path)?.[1] ?? ''] ?? [],
    valuesForField: (name) => byField[name] ?? [],
  };
}

let readOnlyScene: Scene | undefined;

/**
 * A fresh scene for every call that may change something; reads share one, which no read
 * changes, so the file stays quick.
 */
async function sceneFor(operation: Operation): Promise<Scene> {
  if (operation.method !== 'GET') {
    readOnlyScene = undefined;
    return newScene();
  }
  readOnlyScene ??= await newScene();
  return readOnlyScene;
}

// ---------------------------------------------------------------------------- the checks

const ajv = new Ajv({ strict: false, allErrors: true });
// A CommonJS module: its plugin is the default export's `default`.
ajvFormats.default(ajv);
const validators = new Map<JsonSchema, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

type Answer = { statusCode: number; contentType: string; body: string };

function buildUrl(operation: Operation, request: ContractRequest): string {
  const path = operation.path
    .replace(/\{([A-Za-z]+)\}/g, (_, name: string) => encodeURIComponent(String(request.pathValues[name])))
    .replace(/(.)\/$/, '$1');
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

async function send(
  operation: Operation,
  request: ContractRequest,
  cookie: string | undefined,
): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.inject({
    method: operation.method,
    url: buildUrl(operation, request),
    headers,
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  return {
    statusCode: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    body: response.body,
  };
}

/** What is wrong with an answer to a valid request, or nothing. */
function contractBreaches(operation: Operation, answer: Answer): string[] {
  const key = `${operation.method} ${operation.path}`;
  if (answer.statusCode >= 500 && answer.statusCode !== 503)
    return [`a ${answer.statusCode} for a valid request`];
  const documented =
    operation.description.responses[String(answer.statusCode)] ?? operation.description.responses.default;
  if (!documented)
    return [
      `${answer.statusCode} is not among the documented ${Object.keys(operation.description.responses).join(', ')}`,
    ];
  if (answer.statusCode === 400) {
    const message = parseJson(answer.body) as { message?: unknown } | undefined;
    const text = typeof message?.message === 'string' ? message.message : '';
    if (!(RULE_REFUSALS[key] ?? []).some((rule) => rule.message.test(text)))
      return ['a 400 for a request the description calls valid'];
  }
  // HTTP gives a 204 no content, whatever schema the route declares for it.
  if (answer.statusCode === 204) return answer.body === '' ? [] : ['a body with a 204'];
  const content = documented.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0)
    return answer.body === '' ? [] : ['a body where the description documents none'];
  const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
  const schema = content[mediaType]?.schema;
  if (!(mediaType in content))
    return [`content type ${answer.contentType || '(none)'}, documented ${mediaTypes.join(', ')}`];
  if (!schema || mediaType !== 'application/json') return [];
  const body = parseJson(answer.body);
  if (body === undefined) return ['a body that is not JSON'];
  const validate = validatorFor(schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (error) => `body${error.instancePath} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------ the routes

const openApi = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
const operations: Operation[] = Object.entries(openApi.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, description]) => ({
    method: method.toUpperCase() as Method,
    path,
    description,
  })),
);

function callersOf(operation: Operation): Caller[] {
  if (operation.path.startsWith('/api/admin')) return ['admin'];
  return (operation.description.security ?? []).length > 0 ? ['parent'] : ['visitor', 'parent'];
}

describe('replaying the OpenAPI description against the server', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(70);
    const named = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    expect(Object.keys(NOT_REPLAYED).filter((key) => !named.has(key))).toEqual([]);
    expect(Object.keys(RULE_REFUSALS).filter((key) => !named.has(key))).toEqual([]);
  });

  for (const [index, operation] of operations.entries()) {
    const key = `${operation.method} ${operation.path}`;
    const reason = NOT_REPLAYED[key];
    if (reason) {
      it.skip(`${key}: not replayed, ${reason}`, () => {});
      continue;
    }
    it(`${key}: valid requests get documented answers`, async () => {
      const scene = await sceneFor(operation);
      const failures: string[] = [];
      for (const caller of callersOf(operation)) {
        const cookie = caller === 'visitor' ? undefined : scene.sessions[caller].cookie;
        const outcome = await fc.check(
          fc.asyncProperty(requestArbitrary(operation, scene), async (request) => {
            const answer = await send(operation, request, cookie);
            const breaches = contractBreaches(operation, answer);
            if (breaches.length > 0) {
              throw new Error(
                `${breaches.join('; ')}\n  request: ${operation.method} ${buildUrl(operation, request)} ${JSON.stringify(request.body) ?? ''}\n  answer: ${answer.statusCode} ${answer.contentType} ${answer.body.slice(0, 500)}`,
              );
            }
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        );
        if (outcome.failed) {
          const error = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : '';
          failures.push(`as ${caller}: ${error}\n${fc.defaultReportMessage(outcome) ?? ''}`.slice(0, 3_000));
        }
      }
      // One string, so the report shows each request and answer in full.
      expect(failures.join('\n\n')).toBe('');
    }, 60_000);
  }
});
