// The bad-input campaign: property-based generation (fast-check) of malformed requests to every
// endpoint of spec section 7 (and the ones the issues add), sent through the gateway with the
// session each endpoint wants. Every request carries exactly one defect on top of an otherwise
// valid call, so each must be refused: a 4xx with `{ message }`, never a 5xx or a stack trace, and
// nothing written.
import fc from 'fast-check';

const UUID_MISSING = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
/** Over the gateway's 1 MiB body limit. */
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
const huge = fc.integer({ min: 20_000, max: 120_000 }).map((n) => 'x'.repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/**
 * What is wrong with a field of each kind. `optional` fields may be absent or null, so dropping or
 * nulling them is not a defect.
 */
const brokenValue = (kind) => {
  switch (kind) {
    case 'email':
      return fc.oneof(
        hostile,
        huge,
        fc.string({ maxLength: 40 }).filter((s) => !s.includes('@')),
        wrongType,
      );
    case 'secret':
      // passwords and tokens: only types and sizes are wrong for them
      return fc.oneof(huge, wrongType);
    case 'text':
      return fc.oneof(huge, wrongType);
    case 'requiredText':
      return fc.oneof(huge, wrongType, fc.constantFrom('', '   ', '\n\t'));
    case 'code':
      return fc.oneof(huge, wrongType, fc.constantFrom('', '   ', "'; DROP TABLE x; --", '<b>', 'a b c'));
    case 'tier':
    case 'goalType':
    case 'discountType':
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
    case 'priceId':
      return fc.oneof(huge, wrongType, fc.constantFrom('', '   '));
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
    fields: {
      email: ['email', () => `fuzz-${Math.random().toString(36).slice(2)}@example.com`],
      password: ['secret', 'fuzz-password-1'],
      firstName: ['requiredText', 'Fuzz'],
      lastName: ['requiredText', 'Tester'],
    },
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
    fields: {
      title: ['requiredText', 'Ride 100 miles'],
      description: ['text', 'fuzz', 'optional'],
      type: ['goalType', 'distance', 'optional'],
      targetValue: ['positive', 100],
      targetDate: ['date', '2030-01-01'],
    },
    onlyBroken: true,
  },
  {
    method: 'PATCH',
    path: '/api/goals/{id}',
    session: 'free',
    id: true,
    strict: true,
    fields: { title: ['requiredText', 'Ride 200 miles', 'optional'] },
  },
  { method: 'DELETE', path: '/api/goals/{id}', session: 'free', id: true },
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
    fields: {
      code: ['code', 'FUZZ10'],
      description: ['text', 'fuzz code', 'optional'],
      discountType: ['discountType', 'percentage'],
      discountValue: ['positive', 10],
      validFrom: ['date', '2026-01-01T00:00:00.000Z'],
      validUntil: ['date', '2030-01-01T00:00:00.000Z'],
      usageLimit: ['positive', 100, 'optional'],
    },
    onlyBroken: true,
  },
  { method: 'DELETE', path: '/api/admin/promo-codes/{id}', session: 'admin', id: true },
  {
    method: 'GET',
    path: '/api/rides',
    session: 'free',
    query: { sort: 'bogus', minDistance: '-5', from: 'not-a-date', limit: '-1', cursor: "' OR 1=1 --" },
  },
];

const valueOf = (value) => (typeof value === 'function' ? value() : value);
const validBody = (endpoint) =>
  Object.fromEntries(
    Object.entries(endpoint.fields ?? {})
      .filter(([, [, value, optional]]) => !(optional && value === null))
      .map(([name, [, value]]) => [name, valueOf(value)]),
  );

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
    options.push(
      fc.constantFrom(...Object.entries(endpoint.query)).map(([key, value]) => ({
        method: 'GET',
        path: `${endpoint.path}?${key}=${encodeURIComponent(value)}`,
        defect: `query ${key}=${value}`,
      })),
    );
  }
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
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
  if (fieldNames.length) {
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
            !(endpoint.fields[name][2] && (value === null || (typeof value === 'string' && !value.trim()))),
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
  return fc.oneof(...options).map((request) => ({
    ...request,
    endpoint: `${endpoint.method} ${endpoint.path}`,
    session: endpoint.session,
  }));
};

/** `count` malformed requests over every endpoint, reproducible from `seed`. */
export const badRequests = (ctx, count, seed) => {
  const list = endpoints(ctx);
  const anyRequest = fc.constantFrom(...list).chain((endpoint) => badRequest(endpoint));
  return fc.sample(anyRequest, { numRuns: count, seed });
};

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
  if (/\bat .+\.(js|ts):\d+|node_modules|QueryFailedError|TypeError|SyntaxError: /.test(text))
    return 'leaks internals';
  return undefined;
};
