// The bad-input campaign: property-based generation (fast-check) of malformed requests to every
// endpoint of spec section 7 (and the ones the issues add), sent through the gateway with the
// session each endpoint wants. Every request carries exactly one defect on top of an otherwise
// valid call, so each must be refused: a 4xx with `{ message }`, never a 5xx or a stack trace, and
// nothing written. These are the hand-written defects: bodies that are not JSON or not objects,
// content types, sizes, sessions, ids, the request guard's text and depth, GraphQL documents, and
// the inputs without a proto schema. A field's own rules, where a proto schema holds them, are
// generated from that schema instead (schema-campaign.mjs); the `fields` below are then only the
// valid call each defect is put on.
import fc from 'fast-check';
import { schemaRows } from './schema-campaign.mjs';

const UUID_MISSING = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

/** A goal's fields, the same over REST and GraphQL: [kind, valid value, 'optional'?]. */
const GOAL_FIELDS = {
  title: ['requiredText', 'Ride 100 miles'],
  description: ['text', 'fuzz', 'optional'],
  type: ['goalType', 'distance', 'optional'],
  targetValue: ['positive', 100],
  targetDate: ['date', '2030-01-01'],
};
const GOAL_EDIT_FIELDS = { title: ['requiredText', 'Ride 200 miles', 'optional'] };
/** A new account's fields, the same over REST and GraphQL (a fresh address each time). */
const REGISTER_FIELDS = {
  email: ['email', () => `fuzz-${Math.random().toString(36).slice(2)}@example.com`],
  password: ['secret', 'fuzz-password-1'],
  firstName: ['requiredText', 'Fuzz'],
  lastName: ['requiredText', 'Tester'],
};
/** A new promo code's fields, the same over REST and GraphQL. */
const PROMO_CODE_FIELDS = {
  code: ['code', 'FUZZ10'],
  description: ['text', 'fuzz code', 'optional'],
  discountType: ['discountType', 'percentage'],
  discountValue: ['positive', 10],
  validFrom: ['date', '2026-01-01T00:00:00.000Z'],
  validUntil: ['date', '2030-01-01T00:00:00.000Z'],
  usageLimit: ['positive', 100, 'optional'],
};
/** Over the gateway's 1 MiB body limit. */
/** The rider's physiology (PATCH /api/rider/settings, updateRiderSettings): each optional, null clears it. */
const RIDER_SETTINGS_FIELDS = {
  ftp: ['positive', 250, 'optional'],
  thresholdHeartrate: ['positive', 165, 'optional'],
  maxHeartrate: ['positive', 188, 'optional'],
  weightKg: ['positive', 72.5, 'optional'],
};

const OVERSIZED = `{"padding":"${'x'.repeat(1_100_000)}"}`;

/** Payloads that are never a valid email, code, id, enum value, number or date. */
const HOSTILE = [
  "' OR '1'='1' --",
  "'; DROP TABLE auth.users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000',
  '\u202e\u0000\ud83d\ude80',
  'ℕ𝕆𝕋 𝔸ℕ 𝔼𝕄𝔸𝕀𝕃',
  '   ',
  '',
];
const hostile = fc.constantFrom(...HOSTILE);
/**
 * Text PostgreSQL and UTF-8 cannot hold, in any string field of any endpoint: a NUL character and
 * lone surrogates (JSON.stringify writes them as \u0000 and \udXXX escapes). Each must be refused
 * 400 { message } by the one request guard, whatever the field.
 */
const UNSTORABLE = [
  '\u0000',
  'Ride\u0000100 miles',
  'lone high \ud800',
  '\udc00 lone low',
  'a pair \ud83d\ude80 then a lone \ud83d',
];
const unstorable = fc.constantFrom(...UNSTORABLE);
/** How deep the deeply nested bodies go (the guard's bound is 32). */
const DEEP = 10_000;
const nestedArrays = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** The same text written as GraphQL string literals in a document (GraphQL's own escapes). */
const GRAPHQL_UNSTORABLE_LITERALS = ['"\\u0000"', '"Ride\\u0000100"', '"lone \\ud800"', '"\\udc00"'];
/** What the request shows as its defect: a NUL or lone surrogate escaped, so the report stays readable. */
const shownText = (value) => JSON.stringify(value).slice(0, 40);
const huge = fc.integer({ min: 20_000, max: 120_000 }).map((n) => 'x'.repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** JSON has no NaN or Infinity: JSON.stringify sends them as null. */
const sentAsNull = (value) => value === null || (typeof value === 'number' && !Number.isFinite(value));

/**
 * What is wrong with a field of each kind, for the inputs without a proto schema (the rides filter,
 * the audit log's limit). `optional` fields may be absent or null, so dropping or nulling them is
 * not a defect.
 */
const brokenValue = (kind) => {
  switch (kind) {
    case 'code':
      return fc.oneof(huge, wrongType, fc.constantFrom('', '   ', "'; DROP TABLE x; --", '<b>', 'a b c'));
    case 'goalType':
      return fc.oneof(
        hostile,
        huge,
        wrongType,
        fc.constantFrom('PRO', 'platinum', 'percent', 'Distance', 'null'),
      );
    case 'positive':
      return fc.oneof(
        fc.constantFrom(0, -1, -0.5, Number.MAX_VALUE, -Number.MAX_VALUE, 'NaN', '12abc', '', null, true),
        fc.integer({ max: 0 }),
        hostile,
      );
    case 'nonNegative':
      // a filter bound: 0 is a valid one
      return fc.oneof(
        fc.constantFrom(-1, -0.5, 1e12, -Number.MAX_VALUE, 'NaN', '12abc', '', true),
        fc.integer({ max: -1 }),
        hostile,
      );
    case 'date':
      return fc.oneof(
        fc.constantFrom(
          'not a date',
          '2025-02-30',
          '2025-13-01',
          '0000-00-00',
          '+275760-09-13',
          '99999-12-31',
          17,
          null,
        ),
        hostile,
      );
    default:
      throw new Error(`unknown field kind ${kind}`);
  }
};

const BAD_IDS = [
  'abc',
  '1',
  '-1',
  '0',
  "1' OR '1'='1",
  '%3Cscript%3E',
  '..%2F..%2Fadmin',
  'ü',
  'x'.repeat(3000),
  UUID_MISSING,
];

/** Session cookie values no session store ever issued. */
const FORGED_SESSIONS = [
  'forged',
  's%3Aforged.signature',
  "' OR '1'='1",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  'x'.repeat(3000),
  '%E2%80%AE%F0%9F%9A%80',
];

/**
 * Every endpoint that takes input. `session`: who calls it. `fields`: the valid body and each
 * field's kind; `strict`: unknown fields are refused. `id`: the path has an id to break.
 */
export const endpoints = (ctx) => [
  {
    method: 'POST',
    path: '/api/auth/login',
    session: 'anonymous',
    strict: true,
    fields: { email: ['email', 'nobody@example.com'], password: ['secret', 'wrong-password'] },
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    session: 'anonymous',
    strict: true,
    fields: REGISTER_FIELDS,
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    session: 'anonymous',
    strict: true,
    fields: { email: ['email', 'nobody@example.com'] },
    // a well-formed email is answered OK whatever happens: only broken ones are requests here
    onlyBroken: true,
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    session: 'anonymous',
    strict: true,
    // no reset token exists, so even the "valid" shape is refused; every defect must be too
    fields: { token: ['secret', 'a'.repeat(64)], newPassword: ['secret', 'new-password-1'] },
  },
  {
    method: 'POST',
    path: '/api/waitlist/elite/public',
    session: 'anonymous',
    strict: true,
    fields: { email: ['email', 'waitlist@example.com'] },
    onlyBroken: true,
  },
  {
    method: 'POST',
    path: '/api/promo/validate',
    session: 'anonymous',
    strict: true,
    fields: { code: ['code', 'NOSUCHCODE'] },
  },
  {
    method: 'POST',
    path: '/api/admin/login',
    session: 'anonymous',
    strict: true,
    fields: { username: ['requiredText', 'admin'], password: ['secret', 'not-the-password'] },
  },
  {
    method: 'PATCH',
    path: '/api/profile',
    session: 'free',
    strict: true,
    // spec section 5: names may be empty on the profile
    fields: { firstName: ['text', 'Fuzz'], lastName: ['text', 'Tester'] },
    onlyBroken: true,
  },
  {
    method: 'PATCH',
    path: '/api/rider/settings',
    session: 'free',
    strict: true,
    fields: RIDER_SETTINGS_FIELDS,
  },
  {
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    session: 'free',
    strict: true,
    fields: { priceId: ['priceId', ctx.elitePriceId], promoCode: ['code', null, 'optional'] },
  },
  { method: 'POST', path: '/api/rides/{id}/ai-feedback', session: 'free', id: true },
  { method: 'POST', path: '/api/rides/{id}/analyze', session: 'free', id: true },
  {
    method: 'POST',
    path: '/api/coach/chat',
    session: 'pro',
    strict: true,
    fields: { message: ['requiredText', 'How do I climb better?'] },
    onlyBroken: true,
  },
  {
    method: 'POST',
    path: '/api/goals',
    session: 'free',
    strict: true,
    fields: GOAL_FIELDS,
    onlyBroken: true,
  },
  {
    method: 'PATCH',
    path: '/api/goals/{id}',
    session: 'free',
    id: true,
    strict: true,
    fields: GOAL_EDIT_FIELDS,
  },
  { method: 'DELETE', path: '/api/goals/{id}', session: 'free', id: true },
  {
    method: 'PATCH',
    path: '/api/plans/current/sessions/{id}',
    session: 'elite',
    id: true,
    strict: true,
    fields: { date: ['date', '2030-01-01'] },
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/{id}',
    session: 'admin',
    id: true,
    strict: true,
    fields: { subscriptionTier: ['tier', 'pro'] },
  },
  { method: 'DELETE', path: '/api/admin/users/{id}', session: 'admin', id: true },
  {
    method: 'POST',
    path: '/api/admin/promo-codes',
    session: 'admin',
    strict: true,
    fields: PROMO_CODE_FIELDS,
    onlyBroken: true,
  },
  { method: 'DELETE', path: '/api/admin/promo-codes/{id}', session: 'admin', id: true },
  {
    method: 'GET',
    path: '/api/rides',
    session: 'free',
    // the filter of services/rides/src/rides/rides-filter.ts (RidesPageQuery): each value is refused
    query: {
      limit: ['0', '-1', '201', '1.5', 'abc', 'NaN', 'Infinity', '1e309', ''],
      cursor: ["' OR 1=1 --", 'x'.repeat(201), 'not-a-cursor', '<script>alert(1)</script>', '\u0000'],
      sortBy: ['bogus', 'DATE', 'start_date', 'date; DROP TABLE rides.rides; --', ''],
      sortOrder: ['sideways', 'ASC', 'descending', '1', ''],
      from: [
        'not-a-date',
        '2025-02-30',
        '2025-13-01',
        '0000-00-00',
        '+275760-09-13',
        '99999-12-31',
        '2025-1-1',
      ],
      to: ['yesterday', '2025-02-29', '2025-00-10', '-000001-01-01', '2025-01-01T00:00:00Z'],
      type: ['Run', 'ride', 'Swim', "Ride' OR '1'='1", ''],
      minDistance: ['-5', 'NaN', 'Infinity', '10001', '1e309', 'ten', ''],
      maxDistance: ['-0.5', 'NaN', '99999999', '12abc', ''],
      minDuration: ['-1', '1.5', 'NaN', '100001', 'hour', ''],
      maxDuration: ['-60', '2.25', 'Infinity', '1e9', ''],
      hasAiFeedback: ['yes', '1', 'TRUE', 'null', ''],
      tz: ['Mars/Olympus_Mons', 'x'.repeat(65), "UTC'; --", '+25:00', ''],
      // not a filter of the rides list
      page: ['2'],
      sort: ['date'],
      userId: ['ffffffff-ffff-4fff-bfff-ffffffffffff'],
    },
    // well-formed values that contradict each other, and repeated parameters
    queries: [
      'from=2025-05-01&to=2025-01-01',
      'minDistance=50&maxDistance=10',
      'minDuration=120&maxDuration=30',
      'limit=5&limit=10',
      'sortBy=date&sortBy=distance',
      'from=2025-01-01&from=2025-02-01',
    ],
  },
  { method: 'GET', path: '/api/auth/user', session: 'free' },
  // no payload: a body that is not JSON or too large is the only input to break
  { method: 'POST', path: '/api/auth/logout', session: 'free', noPayload: true },
  { method: 'POST', path: '/api/admin/logout', session: 'admin', noPayload: true },
  // a free rider has no subscription, so the valid call is refused too (and nothing is written)
  { method: 'POST', path: '/api/stripe/create-portal-session', session: 'free', auth: true, noPayload: true },
  { method: 'POST', path: '/api/subscription/cancel', session: 'free', auth: true, noPayload: true },
  { method: 'POST', path: '/api/strava/sync', session: 'free', auth: true, noPayload: true },
  // the free rider never connected Strava: a disconnect changes nothing
  { method: 'POST', path: '/api/strava/disconnect', session: 'free', auth: true, noPayload: true },
  ...['/api/dashboard/stats', '/api/analytics/lifetime', '/api/performance/trends'].map((path) => ({
    method: 'GET',
    path,
    session: 'pro',
    query: { tz: ['Mars/Olympus_Mons', 'x'.repeat(65), "UTC'; --", ''], page: ['2'], from: ['2025-01-01'] },
  })),
  { method: 'GET', path: '/api/user/monthly-analysis-limit', session: 'free' },
  { method: 'GET', path: '/api/user/averages', session: 'free' },
  {
    method: 'GET',
    path: '/api/coach/chat',
    session: 'pro',
    query: {
      limit: ['0', '-1', 'abc', '1.5', '100000', 'NaN'],
      cursor: ["' OR 1=1 --", 'x'.repeat(3000), 'not-a-cursor'],
      page: ['2'],
    },
  },
  { method: 'GET', path: '/api/goals', session: 'free' },
  // GET /api/admin/auth answers {isAdmin} to anyone and GET /api/login redirects anyone: no input to break
  ...['/api/admin/stats', '/api/admin/promo-codes'].map((path) => ({
    method: 'GET',
    path,
    session: 'admin',
  })),
  {
    method: 'GET',
    path: '/api/admin/users',
    session: 'admin',
    query: {
      tier: ['platinum', 'PRO', "free' OR '1'='1"],
      offset: ['-1', 'abc', '1.5', 'NaN'],
      limit: ['0', '-5', 'abc', '2.5'],
      search: ['x'.repeat(5000)],
    },
  },
];

const valueOf = (value) => (typeof value === 'function' ? value() : value);
const validBody = (endpoint) =>
  Object.fromEntries(
    Object.entries(endpoint.fields ?? {})
      .filter(([, [, value, optional]]) => !(optional && value === null))
      .map(([name, [, value]]) => [name, valueOf(value)]),
  );

/** A JSON text nested `DEEP` levels under `name`, as arrays or as objects. */
const deepJson = (name, open) =>
  `{${JSON.stringify(name)}:${open === '[' ? nestedArrays(DEEP) : `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`}}`;

/**
 * The request guard's defects for a REST endpoint (one option among the endpoint's others): text
 * that cannot be stored in any field or key, a body nested 10,000 deep, a NUL in the path id or in
 * a query parameter (one the endpoint reads, or not).
 */
const unstorableRequest = (endpoint, json, validPath) => {
  const fieldNames = Object.keys(endpoint.fields ?? {});
  const options = [
    fc.constantFrom('search=%00', 'x%00=1', 'page=%00&page=2').map((query) => ({
      ...(endpoint.fields ? json(validBody(endpoint), '', validPath()) : {}),
      method: endpoint.method,
      path: `${validPath()}?${query}`,
      defect: `query ${query}`,
    })),
  ];
  if (fieldNames.length)
    options.push(
      // any field, whatever its kind, holding text that cannot be stored; or such a key
      fc
        .tuple(fc.constantFrom(...fieldNames), unstorable)
        .map(([name, value]) =>
          json({ ...validBody(endpoint), [name]: value }, `${name} = ${shownText(value)}`, validPath()),
        ),
      unstorable.map((value) =>
        json({ ...validBody(endpoint), [value]: 'x' }, `key ${shownText(value)}`, validPath()),
      ),
    );
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE')
    options.push(
      fc.constantFrom('[', '{').map((open) => ({
        method: endpoint.method,
        path: validPath(),
        contentType: 'application/json',
        body: deepJson(fieldNames[0] ?? 'value', open),
        defect: `body nested ${DEEP.toLocaleString('en-US')} deep (${open})`,
      })),
    );
  if (endpoint.id)
    options.push(
      fc
        .constantFrom('%00', 'a%00b', `${UUID_MISSING}%00`)
        .map((id) => json(validBody(endpoint), `id ${id}`, endpoint.path.replace('{id}', id))),
    );
  if (endpoint.query)
    options.push(
      fc
        .tuple(fc.constantFrom(...Object.keys(endpoint.query)), fc.constantFrom('%00', 'a%00b'))
        .map(([key, value]) => ({
          method: 'GET',
          path: `${endpoint.path}?${key}=${value}`,
          defect: `query ${key}=${value}`,
        })),
    );
  return fc.oneof(...options);
};

/** One request with one defect for `endpoint`: {method, path, headers, body, defect}. */
const badRequest = (endpoint) => {
  const json = (body, defect, path = endpoint.path) => ({
    method: endpoint.method,
    path,
    contentType: 'application/json',
    body: JSON.stringify(body),
    defect,
  });
  const withId = (id) => endpoint.path.replace('{id}', encodeURIComponent(id).replace(/%25/g, '%'));
  const options = [];
  const fieldNames = Object.keys(endpoint.fields ?? {});
  const validPath = () => (endpoint.id ? withId(UUID_MISSING) : endpoint.path);
  if (endpoint.id) {
    options.push(
      fc
        .constantFrom(...BAD_IDS)
        .map((id) => ({ ...json(validBody(endpoint), `bad id ${id.slice(0, 20)}`, withId(id)) })),
    );
  }
  if (endpoint.query) {
    const pairs = Object.entries(endpoint.query).flatMap(([key, values]) => values.map((v) => [key, v]));
    options.push(
      fc.constantFrom(...pairs).map(([key, value]) => ({
        method: 'GET',
        path: `${endpoint.path}?${key}=${encodeURIComponent(value)}`,
        defect: `query ${key}=${value.slice(0, 24)}`,
      })),
    );
  }
  if (endpoint.queries) {
    options.push(
      fc.constantFrom(...endpoint.queries).map((query) => ({
        method: 'GET',
        path: `${endpoint.path}?${query}`,
        defect: `query ${query}`,
      })),
    );
  }
  // every call made with a session is refused without one, or with one nobody issued
  if (endpoint.auth ?? (endpoint.session !== 'anonymous' && !endpoint.noPayload)) {
    const cookieName = endpoint.session === 'admin' ? 'dq_admin' : 'dq_session';
    const call = (defect, extra) => ({
      ...(endpoint.fields ? json(validBody(endpoint), defect, validPath()) : {}),
      method: endpoint.method,
      path: validPath(),
      defect,
      ...extra,
    });
    options.push(
      fc.constant(call('no session', { session: 'anonymous' })),
      fc.constantFrom(...FORGED_SESSIONS).map((value) =>
        call(`forged session ${value.slice(0, 16)}`, {
          session: 'anonymous',
          cookie: `${cookieName}=${value}`,
        }),
      ),
    );
  }
  if (endpoint.noPayload) {
    const raw = (defect) => (body) => ({
      method: endpoint.method,
      path: endpoint.path,
      contentType: 'application/json',
      body,
      defect,
    });
    options.push(
      fc
        .constantFrom('{"unterminated": ', 'not json at all', '[1,2', "{'single': 'quotes'}")
        .map(raw('body is not JSON')),
      fc.integer({ min: 0, max: 9 }).map(() => raw('body over the size limit')(OVERSIZED)),
    );
  }
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE' && !endpoint.noPayload) {
    const raw =
      (defect, contentType = 'application/json') =>
      (body) => ({
        method: endpoint.method,
        path: validPath(),
        contentType,
        body,
        defect,
      });
    options.push(
      fc
        .constantFrom(
          '{"unterminated": ',
          'not json at all',
          '[1,2',
          '{"a":1}}',
          "{'single': 'quotes'}",
          'NaN',
        )
        .map(raw('body is not JSON')),
      fc.constantFrom('[]', '42', '"text"', 'null', 'true', '[{"a":1}]').map(raw('body is not an object')),
      // rarely (each is 1 MiB): a body over the limit; otherwise a form or text body
      fc
        .integer({ min: 0, max: 19 })
        .chain((n) =>
          n === 0
            ? fc.constant(OVERSIZED).map(raw('body over the size limit'))
            : fc
                .constantFrom(
                  ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
                  ['text/plain', '{"looks":"like json"}'],
                  ['application/xml', '<user><isAdmin>true</isAdmin></user>'],
                )
                .map(([type, body]) => raw(`body sent as ${type}`, type)(body)),
        ),
    );
  }
  // a field's own rules (type, range, format, required, unknown keys) come from its proto schema
  // in schema-campaign.mjs where it has one
  if (fieldNames.length && !endpoint.schema) {
    const required = fieldNames.filter((name) => !endpoint.fields[name][2]);
    if (required.length) {
      options.push(
        fc.constantFrom(...required).map((name) => {
          const body = validBody(endpoint);
          delete body[name];
          return json(body, `missing ${name}`, validPath());
        }),
      );
    }
    if (endpoint.strict) {
      options.push(
        fc
          .tuple(
            fc.constantFrom(
              'isAdmin',
              'role',
              'subscriptionTier',
              'userId',
              '__proto__',
              'constructor',
              'extra',
            ),
            wrongType,
          )
          .filter(([name]) => !fieldNames.includes(name))
          .map(([name, value]) => {
            const body = validBody(endpoint);
            const text = JSON.stringify(body).replace(
              /^\{/,
              `{${JSON.stringify(name)}:${JSON.stringify(value)},`,
            );
            return { ...json(body, `extra field ${name}`, validPath()), body: text };
          }),
      );
    }
    options.push(
      fc
        .constantFrom(...fieldNames)
        .chain((name) => brokenValue(endpoint.fields[name][0]).map((value) => [name, value]))
        .filter(
          // an optional field may be absent: null or a blank string say so
          ([name, value]) =>
            !(
              endpoint.fields[name][2] &&
              (sentAsNull(value) || (typeof value === 'string' && !value.trim()))
            ),
        )
        .map(([name, value]) => {
          const body = validBody(endpoint);
          body[name] = value;
          const shown =
            typeof value === 'string'
              ? JSON.stringify(value.slice(0, 24))
              : JSON.stringify(value)?.slice(0, 24);
          return json(body, `${name} = ${shown}`, validPath());
        }),
    );
  }
  options.push(unstorableRequest(endpoint, json, validPath));
  return fc.oneof(...options).map((request) => ({
    ...request,
    endpoint: `${endpoint.method} ${endpoint.path}`,
    session: request.session ?? endpoint.session,
  }));
};

// ---------------------------------------------------------------------------------------------
// GraphQL: every operation of the federated graph that takes input, through POST /graphql.

/**
 * `field`: the root field; `input`: its input object type (the fields go in `$input`), or `args`:
 * its arguments as [GraphQL type, kind, valid value, 'optional']; `scalar`: it answers a scalar.
 */
export const graphqlOperations = (ctx) => [
  {
    field: 'register',
    session: 'anonymous',
    input: 'RegisterInput!',
    fields: REGISTER_FIELDS,
  },
  {
    field: 'login',
    session: 'anonymous',
    input: 'LoginInput!',
    fields: { email: ['email', 'nobody@example.com'], password: ['secret', 'wrong-password'] },
  },
  {
    field: 'forgotPassword',
    session: 'anonymous',
    input: 'ForgotPasswordInput!',
    scalar: true,
    fields: { email: ['email', 'nobody@example.com'] },
    onlyBroken: true,
  },
  {
    field: 'resetPassword',
    session: 'anonymous',
    input: 'ResetPasswordInput!',
    scalar: true,
    fields: { token: ['secret', 'a'.repeat(64)], newPassword: ['secret', 'new-password-1'] },
  },
  {
    field: 'adminLogin',
    session: 'anonymous',
    input: 'AdminLoginInput!',
    fields: { username: ['requiredText', 'admin'], password: ['secret', 'not-the-password'] },
  },
  {
    field: 'validatePromoCode',
    session: 'anonymous',
    args: { code: ['String!', 'code', 'NOSUCHCODE'] },
  },
  {
    field: 'joinEliteWaitlist',
    session: 'anonymous',
    args: { email: ['String!', 'email', 'waitlist@example.com'] },
    onlyBroken: true,
  },
  {
    field: 'updateProfile',
    session: 'free',
    input: 'UpdateProfileInput!',
    fields: { firstName: ['text', 'Fuzz'], lastName: ['text', 'Tester'] },
    onlyBroken: true,
  },
  {
    field: 'createCheckoutSession',
    session: 'free',
    args: {
      priceId: ['String!', 'priceId', ctx.elitePriceId],
      promoCode: ['String', 'code', null, 'optional'],
    },
  },
  { field: 'analyzeRide', session: 'free', args: { rideId: ['ID!', 'id', UUID_MISSING] } },
  {
    field: 'sendCoachMessage',
    session: 'pro',
    args: { message: ['String!', 'requiredText', 'How do I climb better?'] },
    onlyBroken: true,
  },
  {
    field: 'createGoal',
    session: 'free',
    input: 'GoalInput!',
    fields: GOAL_FIELDS,
    onlyBroken: true,
  },
  {
    field: 'updateGoal',
    session: 'free',
    args: { id: ['ID!', 'id', UUID_MISSING] },
    input: 'GoalInput!',
    fields: GOAL_EDIT_FIELDS,
  },
  { field: 'deleteGoal', session: 'free', scalar: true, args: { id: ['ID!', 'id', UUID_MISSING] } },
  { field: 'setFtp', session: 'free', args: { ftp: ['Int', 'positive', 250] }, onlyBroken: true },
  {
    field: 'updateRiderSettings',
    session: 'free',
    input: 'RiderSettingsInput!',
    fields: RIDER_SETTINGS_FIELDS,
  },
  {
    field: 'createPromoCode',
    session: 'admin',
    input: 'CreatePromoCodeInput!',
    fields: PROMO_CODE_FIELDS,
    onlyBroken: true,
  },
  { field: 'deletePromoCode', session: 'admin', scalar: true, args: { id: ['ID!', 'id', UUID_MISSING] } },
  {
    field: 'setSubscriptionTier',
    session: 'admin',
    args: { userId: ['ID!', 'id', UUID_MISSING], subscriptionTier: ['Tier!', 'tier', 'pro'] },
  },
  {
    field: 'ridesPage',
    query: true,
    session: 'free',
    args: {
      limit: ['Int', 'positive', 10, 'optional'],
      cursor: ['String', 'code', null, 'optional'],
    },
    onlyBroken: true,
  },
  {
    field: 'ridesPage',
    query: true,
    session: 'free',
    input: 'RideFilterInput',
    inputName: 'filter',
    fields: {
      from: ['date', '2025-01-01', 'optional'],
      to: ['date', '2025-12-31', 'optional'],
      type: ['goalType', 'Ride', 'optional'],
      minDistance: ['nonNegative', 1, 'optional'],
      minDuration: ['nonNegative', 1, 'optional'],
      sortBy: ['goalType', 'date', 'optional'],
      sortOrder: ['goalType', 'desc', 'optional'],
      timeZone: ['code', 'UTC', 'optional'],
    },
    onlyBroken: true,
  },
  {
    field: 'coachChat',
    query: true,
    session: 'pro',
    args: { limit: ['Int', 'positive', 10] },
    onlyBroken: true,
  },
  ...['dashboardStats', 'lifetimeAnalytics', 'performanceTrends'].map((field) => ({
    field,
    query: true,
    session: 'pro',
    // optional: null or absent means the rider's own time zone
    args: { timeZone: ['String', 'code', 'UTC', 'optional'] },
    onlyBroken: true,
  })),
  {
    field: 'adminAuditLog',
    query: true,
    session: 'admin',
    args: { limit: ['Int!', 'positive', 50] },
    onlyBroken: true,
  },
];

/** The operation's document; `dropArg` leaves an argument out, `inline` writes one as a literal. */
const graphqlDocument = (operation, { dropArg, inline } = {}) => {
  const variables = Object.entries(operation.args ?? {}).map(([name, [type]]) => [name, type, name]);
  if (operation.input)
    variables.push([operation.inputName ?? 'input', operation.input, operation.inputName ?? 'input']);
  const kept = variables.filter(([name]) => name !== dropArg && name !== inline?.name);
  const declared = kept.map(([name, type]) => `$${name}: ${type}`).join(', ');
  const passed = [
    ...kept.map(([name, , arg]) => `${arg}: $${name}`),
    ...(inline ? [`${inline.name}: ${inline.literal}`] : []),
  ].join(', ');
  return `${operation.query ? 'query' : 'mutation'} Fuzz${declared ? `(${declared})` : ''} { ${operation.field}${passed ? `(${passed})` : ''}${operation.scalar ? '' : ' { __typename }'} }`;
};

const validVariables = (operation) => {
  const variables = {};
  for (const [name, [, , value, optional]] of Object.entries(operation.args ?? {}))
    if (!(optional && value === null)) variables[name] = valueOf(value);
  if (operation.input) variables[operation.inputName ?? 'input'] = validBody(operation);
  return variables;
};

/**
 * The request guard's defects for a GraphQL operation (one option among its others): text that
 * cannot be stored in any text argument or input field, as a variable or written into the document
 * as a string literal (where \u0000 is a valid escape); variables nested 10,000 deep.
 */
const unstorableGraphqlRequest = (operation, request) => {
  const args = Object.entries(operation.args ?? {});
  const fields = Object.keys(operation.fields ?? {});
  const inputName = operation.inputName ?? 'input';
  const textArgs = args.filter(([, [type]]) => /^(String|ID)!?$/.test(type)).map(([name]) => name);
  const textSpots = [...textArgs.map((name) => ['arg', name]), ...fields.map((name) => ['field', name])];
  const firstVariable = args[0]?.[0] ?? inputName;
  const options = [
    fc.constantFrom('[', '{').map((open) => ({
      ...request(
        validVariables(operation),
        `$${firstVariable} nested ${DEEP.toLocaleString('en-US')} deep (${open})`,
      ),
      body: `{"query":${JSON.stringify(graphqlDocument(operation))},"variables":${deepJson(firstVariable, open)}}`,
    })),
  ];
  if (textSpots.length)
    options.push(
      fc.tuple(fc.constantFrom(...textSpots), unstorable).map(([[where, name], value]) => {
        const variables = validVariables(operation);
        if (where === 'arg') variables[name] = value;
        else variables[inputName] = { ...variables[inputName], [name]: value };
        return request(variables, `${where === 'arg' ? '$' : `${inputName}.`}${name} = ${shownText(value)}`);
      }),
    );
  if (textArgs.length)
    options.push(
      fc
        .tuple(fc.constantFrom(...textArgs), fc.constantFrom(...GRAPHQL_UNSTORABLE_LITERALS))
        .map(([name, literal]) => {
          const variables = validVariables(operation);
          delete variables[name];
          return request(variables, `literal ${name}: ${literal}`, {
            query: graphqlDocument(operation, { inline: { name, literal } }),
          });
        }),
    );
  return fc.oneof(...options);
};

/** One GraphQL request with one defect for `operation`. */
const badGraphqlRequest = (operation) => {
  const request = (variables, defect, extra = {}) => ({
    method: 'POST',
    path: '/graphql',
    contentType: 'application/json',
    body: JSON.stringify({ query: extra.query ?? graphqlDocument(operation), variables }),
    defect,
    ...extra,
  });
  const options = [];
  const args = Object.entries(operation.args ?? {});
  const fields = Object.keys(operation.fields ?? {});
  const inputName = operation.inputName ?? 'input';
  for (const [name, [type, kind]] of args) {
    // as for REST: a proto schema's rules are generated from it (schema-campaign.mjs); ids are not
    if (operation.schema && kind !== 'id') continue;
    const values =
      kind === 'id' ? fc.constantFrom(...BAD_IDS.filter((id) => id !== UUID_MISSING)) : brokenValue(kind);
    options.push(
      values
        .filter(
          (value) =>
            !(!type.endsWith('!') && (sentAsNull(value) || (typeof value === 'string' && !value.trim()))),
        )
        .map((value) =>
          request(
            { ...validVariables(operation), [name]: value },
            `$${name} = ${JSON.stringify(value)?.slice(0, 24)}`,
          ),
        ),
    );
    if (type.endsWith('!'))
      options.push(
        fc.constant(request({ ...validVariables(operation), [name]: undefined }, `missing $${name}`)),
      );
  }
  if (fields.length && !operation.schema) {
    options.push(
      fc
        .constantFrom(...fields)
        .chain((name) => brokenValue(operation.fields[name][0]).map((value) => [name, value]))
        .filter(
          ([name, value]) =>
            !(
              operation.fields[name][2] &&
              (sentAsNull(value) || (typeof value === 'string' && !value.trim()))
            ),
        )
        .map(([name, value]) => {
          const variables = validVariables(operation);
          variables[inputName] = { ...variables[inputName], [name]: value };
          return request(variables, `${inputName}.${name} = ${JSON.stringify(value)?.slice(0, 24)}`);
        }),
      fc.constantFrom('isAdmin', 'role', 'userId', 'subscriptionTier').map((name) => {
        const variables = validVariables(operation);
        variables[inputName] = { ...variables[inputName], [name]: true };
        return request(variables, `extra input field ${name}`);
      }),
    );
    const required = fields.filter((name) => !operation.fields[name][2]);
    if (required.length)
      options.push(
        fc.constantFrom(...required).map((name) => {
          const variables = validVariables(operation);
          delete variables[inputName][name];
          return request(variables, `missing ${inputName}.${name}`);
        }),
      );
  }
  options.push(unstorableGraphqlRequest(operation, request));
  if (operation.session !== 'anonymous' && !operation.onlyBroken) {
    options.push(fc.constant(request(validVariables(operation), 'no session', { session: 'anonymous' })));
    const cookieName = operation.session === 'admin' ? 'dq_admin' : 'dq_session';
    options.push(
      fc.constantFrom(...FORGED_SESSIONS).map((value) =>
        request(validVariables(operation), `forged session ${value.slice(0, 16)}`, {
          session: 'anonymous',
          cookie: `${cookieName}=${value}`,
        }),
      ),
    );
  }
  return fc.oneof(...options).map((built) => ({
    ...built,
    endpoint: `GraphQL ${operation.query ? 'query' : 'mutation'} ${operation.field}`,
    graphqlField: operation.field,
    session: built.session ?? operation.session,
    realm: operation.session === 'admin' ? 'admin' : undefined,
  }));
};

/** Malformed GraphQL requests that are wrong whatever the operation. */
const brokenGraphql = () => {
  const post = (contentType, body, defect) => ({
    method: 'POST',
    path: '/graphql',
    contentType,
    body,
    defect,
  });
  return fc
    .oneof(
      fc
        .constantFrom(
          '{ me { id ',
          'mutation { register(input: {email: "a@b.c"}) }',
          'query { noSuchField }',
          'query { me { noSuchField } }',
          '{ rides { id } rides { id: distance } }',
          'query Q($x: NoSuchType) { me { id } }',
          'query { ridesPage(limit: "ten") { totalCount } }',
          'query { ridesPage(limit: 99999999999) { totalCount } }',
          'subscription { rideAnalysed { id } }',
          `query { ${'me { id } '.repeat(1)}${'__typename '.repeat(5000)} }`,
          `query { ${'rides { '.repeat(200)}id${' }'.repeat(200)} }`,
          `{ ${'a{'.repeat(DEEP)}b${'}'.repeat(DEEP)} }`,
          '{ me { id } }\u0000',
          '{ me { id } } # \ud800',
          "'; DROP TABLE auth.users; --",
          '<script>alert(1)</script>',
          '',
        )
        .map((query) =>
          post('application/json', JSON.stringify({ query }), `document ${query.slice(0, 24)}`),
        ),
      fc
        .constantFrom(
          '{"unterminated": ',
          'not json',
          '[{"query":"{ me { id } }"},{"query":"{ plans { id } }"}]',
          '{"query": 42}',
          '{"query":"{ me { id } }","variables":"not an object"}',
          '{"query":"query A { me { id } } query B { me { id } }","operationName":"C"}',
          '{"variables":{}}',
          'null',
          '42',
        )
        .map((body) => post('application/json', body, `body ${body.slice(0, 24)}`)),
      fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data')
        .map((type) =>
          post(type, JSON.stringify({ query: 'mutation { logout }' }), `sent as ${type} (CSRF)`),
        ),
      fc
        .integer({ min: 0, max: 9 })
        .map(() =>
          post(
            'application/json',
            JSON.stringify({ query: `{ me { id } } #${'x'.repeat(1_100_000)}` }),
            'body over the size limit',
          ),
        ),
      fc.constantFrom('mutation { logout }', '{ me { id } }').map((query) => ({
        method: 'GET',
        path: `/graphql?query=${encodeURIComponent(query)}`,
        defect: `GET ${query} without a preflight header`,
      })),
    )
    .map((request) => ({ ...request, endpoint: 'GraphQL (any operation)', session: 'free' }));
};

/** What a GraphQL refusal must look like: errors with messages, none internal, no data for the field. */
export const graphqlProblemWith = (status, text, field) => {
  if (status >= 500) return `status ${status}`;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} without a JSON body`;
  }
  if (leaks(text)) return 'leaks internals';
  // refused before GraphQL (size limit, not JSON): the gateway's REST shape
  if (status >= 400 && typeof body?.message === 'string' && body.message.trim()) return undefined;
  const errors = body?.errors;
  if (!Array.isArray(errors) || !errors.length) return `accepted with ${status}`;
  if (errors.some((error) => typeof error?.message !== 'string' || !error.message.trim()))
    return 'an error without a message';
  const failed = errors.find(
    (error) => (error.extensions?.status ?? 0) >= 500 || /^INTERNAL/.test(error.extensions?.code ?? ''),
  );
  if (failed) return `error ${failed.extensions?.code} (status ${failed.extensions?.status})`;
  if (field && body.data?.[field] != null) return `answered data for ${field}`;
  return undefined;
};

/** `count` malformed requests over every endpoint, reproducible from `seed`. */
export const badRequests = (ctx, count, seed) => {
  const rows = schemaRows(ctx);
  const routes = new Set(rows.map((row) => row.route));
  const fields = new Set(rows.map((row) => row.field));
  const rest = endpoints(ctx).map((endpoint) =>
    badRequest({ ...endpoint, schema: routes.has(`${endpoint.method} ${endpoint.path}`) }),
  );
  const graphql = graphqlOperations(ctx).map((operation) =>
    badGraphqlRequest({ ...operation, schema: fields.has(operation.field) }),
  );
  // each REST endpoint and GraphQL operation is equally likely; the generic GraphQL breakage counts as one more
  const anyRequest = fc.oneof(...rest, ...graphql, brokenGraphql());
  return fc.sample(anyRequest, { numRuns: count, seed });
};

const leaks = (text) =>
  /\bat .+\.(js|ts):\d+|node_modules|QueryFailedError|TypeError|SyntaxError: /.test(text);

/** What a refusal must look like. Answers the problem, or undefined when the answer is right. */
export const problemWith = (status, text) => {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return `accepted with ${status}`;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} without a JSON body`;
  }
  if (typeof body?.message !== 'string' || !body.message.trim()) return `status ${status} without a message`;
  if (leaks(text)) return 'leaks internals';
  return undefined;
};
