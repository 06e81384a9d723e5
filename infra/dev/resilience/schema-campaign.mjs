// The schema-driven half of the bad-input campaign: for each endpoint and GraphQL operation that
// takes a proto request schema (one row of the tables below), requests whose input the schema
// accepts and requests whose input breaks exactly one of its rules, generated from the schema
// itself (schema-arbitraries.mjs). Valid input must not be refused for validation; broken input
// must be refused 4xx `{ message }` (with the schema's own first message where the service parses
// it) and change nothing. fast-check runs each row as a property: seeded, and a failure is shrunk
// to the smallest request that still fails.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import * as proto from '@domestique/proto';
import {
  ABSENT,
  brokenCandidates,
  expectedMessage,
  mustRefuse,
  validArbitrary,
} from './schema-arbitraries.mjs';

const UUID_MISSING = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
const futureDate = fc
  .date({ min: new Date('2031-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
/** A fresh address for each sign-up (a repeated one is refused 409 as taken, which is allowed too). */
const freshEmail = fc.uuid({ version: 4 }).map((id) => `schema-${id}@example.com`);
/** Time zones the server knows (the schema takes any text up to 64; an unknown zone is a domain refusal). */
const timeZone = fc.constantFrom(...Intl.supportedValuesOf('timeZone'));
const tz = { valid: { tz: timeZone }, domain: [proto.RideMessages.invalidTimeZone] };
const cursor = { domain: [proto.AnalysisMessages.invalidCursor] };
/** An event day a plan can be built for: 30 to 360 days ahead (the window is 28..364 in the rider's zone). */
const planEventDate = fc
  .integer({ min: 30, max: 360 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
const plan = {
  valid: { eventDate: planEventDate, ...tz.valid },
  domain: [...tz.domain, proto.PlanMessages.eventTooSoon, proto.PlanMessages.eventTooFar],
};

/**
 * Every REST endpoint that takes a proto request schema: its body (`body`) or its query string
 * (`query`). `answers`: the statuses a valid input may get (2xx, or a documented domain refusal);
 * `domain`: 400 messages that are domain refusals, not validation. `valid`: per-key arbitraries
 * for values the schema allows and the domain refuses. A new endpoint is one row.
 */
export const REST_SCHEMA_ROUTES = (ctx) => [
  {
    route: 'POST /api/auth/register',
    session: 'anonymous',
    body: proto.RegisterRequest,
    answers: [201, 409],
    valid: { email: freshEmail },
  },
  { route: 'POST /api/auth/login', session: 'anonymous', body: proto.LoginRequest, answers: [401] },
  {
    route: 'POST /api/auth/forgot-password',
    session: 'anonymous',
    body: proto.ForgotPasswordRequest,
    answers: [200],
  },
  {
    route: 'POST /api/auth/reset-password',
    session: 'anonymous',
    body: proto.ResetPasswordRequest,
    answers: [],
    domain: [proto.AccountMessages.invalidResetToken],
  },
  {
    route: 'POST /api/waitlist/elite/public',
    session: 'anonymous',
    body: proto.WaitlistRequest,
    answers: [200, 201],
  },
  {
    route: 'POST /api/promo/validate',
    session: 'anonymous',
    body: proto.ValidatePromoRequest,
    answers: [404],
    domain: [proto.BillingMessages.promoUnknown],
  },
  { route: 'POST /api/admin/login', session: 'anonymous', body: proto.AdminLoginRequest, answers: [401] },
  { route: 'PATCH /api/profile', session: 'free', body: proto.UpdateProfileRequest, answers: [200] },
  {
    route: 'PATCH /api/rider/settings',
    session: 'free',
    body: proto.RiderSettingsRequest,
    answers: [200],
    // a threshold at or above the max heart rate already stored
    domain: [proto.PhysiologyMessages.thresholdAboveMax],
  },
  {
    route: 'POST /api/stripe/create-checkout-session',
    session: 'free',
    body: proto.CreateCheckoutSessionRequest,
    answers: [200, 201, 404],
    domain: [proto.BillingMessages.planUnknown, proto.BillingMessages.promoUnknown],
    valid: { priceId: fc.constantFrom(ctx.proPriceId) },
  },
  {
    route: 'POST /api/coach/chat',
    session: 'pro',
    body: proto.ChatMessageRequest,
    answers: [200, 201, 503],
  },
  {
    route: 'POST /api/goals',
    session: 'free',
    body: proto.CreateGoalRequest,
    answers: [201],
    valid: { targetDate: futureDate },
  },
  {
    route: 'PATCH /api/goals/{id}',
    session: 'free',
    body: proto.UpdateGoalRequest,
    answers: [404],
    valid: { targetDate: futureDate },
  },
  { route: 'PATCH /api/admin/users/{id}', session: 'admin', body: proto.AdminSetTierRequest, answers: [404] },
  {
    route: 'POST /api/admin/promo-codes',
    session: 'admin',
    body: proto.CreatePromoCodeRequest,
    answers: [201, 409],
  },
  { route: 'GET /api/coach/chat', session: 'pro', query: proto.ChatPageQuery, answers: [200], ...cursor },
  {
    route: 'GET /api/dashboard/stats',
    session: 'pro',
    query: proto.DashboardStatsQuery,
    answers: [200],
    ...tz,
  },
  {
    route: 'GET /api/analytics/lifetime',
    session: 'pro',
    query: proto.AnalyticsQuery,
    answers: [200],
    ...tz,
  },
  {
    route: 'GET /api/performance/trends',
    session: 'pro',
    query: proto.AnalyticsQuery,
    answers: [200],
    ...tz,
  },
  { route: 'GET /api/rides/{id}/streams', session: 'free', query: proto.RideStreamsQuery, answers: [404] },
  { route: 'GET /api/rides/imports', session: 'free', query: proto.ArchiveImportsQuery, answers: [200] },
  // issue 22 (Pro): a generated range may put `from` after `to` or span too long, answered 400
  ...['GET /api/training/load', 'GET /api/training/weekly', 'GET /api/power/curve'].map((route) => ({
    route,
    session: 'pro',
    query: proto.TrainingRangeQuery,
    answers: [200],
    valid: tz.valid,
    domain: [...tz.domain, proto.TrainingMessages.dateOrder, proto.TrainingMessages.rangeTooLong],
  })),
  // issue 23 (Elite; a Pro rider is refused 403 before any input is read): no session on a past day
  {
    route: 'GET /api/training/workouts/{id}/export',
    session: 'elite',
    pathId: '2020-01-01',
    query: proto.WorkoutExportQuery,
    answers: [404],
    valid: tz.valid,
    domain: tz.domain,
  },
  { route: 'POST /api/plans', session: 'elite', body: proto.CreatePlanRequest, answers: [201], ...plan },
  {
    route: 'GET /api/plans/current',
    session: 'elite',
    query: proto.PlanTimeZoneQuery,
    answers: [200, 404],
    ...tz,
  },
  {
    route: 'GET /api/plans/calendar',
    session: 'elite',
    query: proto.PlanCalendarQuery,
    answers: [200],
    valid: tz.valid,
    domain: [...tz.domain, proto.PlanMessages.calendarRange],
  },
  {
    route: 'PATCH /api/plans/current/sessions/{id}',
    session: 'elite',
    body: proto.MovePlanSessionRequest,
    answers: [404],
    domain: [proto.PlanMessages.moveDate],
  },
  // the course's query alone (no file): no plan yet 404, else the missing GPX is refused
  {
    route: 'POST /api/plans/current/course',
    session: 'elite',
    query: proto.PlanTimeZoneQuery,
    answers: [404],
    valid: tz.valid,
    domain: [...tz.domain, proto.PlanMessages.courseInvalid],
  },
  {
    route: 'GET /api/plans/current/sessions/{id}/export',
    session: 'elite',
    query: proto.WorkoutExportQuery,
    answers: [404],
    ...tz,
  },
  {
    route: 'GET /api/training/recommendations',
    session: 'pro',
    query: proto.TrainingTimeZoneQuery,
    answers: [200],
    ...tz,
  },
  { route: 'GET /api/admin/users', session: 'admin', query: proto.AdminUsersQuery, answers: [200] },
  {
    route: 'GET /api/strava/webhook',
    session: 'anonymous',
    query: proto.StravaWebhookValidationQuery,
    answers: [403],
  },
  {
    route: 'POST /api/strava/webhook',
    session: 'anonymous',
    body: proto.StravaWebhookEventBody,
    answers: [200],
  },
];

/**
 * Endpoints that read a body or query without a proto schema, and why; the hand-written cases of
 * bad-input.mjs cover them.
 */
export const REST_WITHOUT_SCHEMA = {
  'GET /api/rides': 'RidesPageQuery lives in services/rides (rides-filter.ts), not in proto',
  'GET /api/strava/callback': "Strava's OAuth redirect: any query answers a redirect to the dashboard",
};

/**
 * Every GraphQL operation that takes a proto request schema. `input`: the schema is the whole input
 * object; `args`: schema key -> [argument, GraphQL type, what null becomes ('absent' | 'null')];
 * `fixed`: other arguments, with their value.
 */
export const GRAPHQL_SCHEMA_OPERATIONS = (ctx) => [
  {
    field: 'register',
    session: 'anonymous',
    input: 'RegisterInput!',
    schema: proto.RegisterRequest,
    answers: [409],
    valid: { email: freshEmail },
  },
  { field: 'login', session: 'anonymous', input: 'LoginInput!', schema: proto.LoginRequest, answers: [401] },
  {
    field: 'forgotPassword',
    session: 'anonymous',
    scalar: true,
    input: 'ForgotPasswordInput!',
    schema: proto.ForgotPasswordRequest,
  },
  {
    field: 'resetPassword',
    session: 'anonymous',
    scalar: true,
    input: 'ResetPasswordInput!',
    schema: proto.ResetPasswordRequest,
    domain: [proto.AccountMessages.invalidResetToken],
  },
  {
    field: 'adminLogin',
    session: 'anonymous',
    input: 'AdminLoginInput!',
    schema: proto.AdminLoginRequest,
    answers: [401],
  },
  {
    field: 'validatePromoCode',
    session: 'anonymous',
    args: { code: ['code', 'String!'] },
    schema: proto.ValidatePromoRequest,
    answers: [404],
    domain: [proto.BillingMessages.promoUnknown],
  },
  {
    field: 'joinEliteWaitlist',
    session: 'anonymous',
    args: { email: ['email', 'String!'] },
    schema: proto.WaitlistRequest,
  },
  {
    field: 'updateProfile',
    session: 'free',
    input: 'UpdateProfileInput!',
    schema: proto.UpdateProfileRequest,
  },
  {
    field: 'createCheckoutSession',
    session: 'free',
    args: { priceId: ['priceId', 'String!'], promoCode: ['promoCode', 'String', 'null'] },
    schema: proto.CreateCheckoutSessionRequest,
    answers: [404],
    domain: [proto.BillingMessages.planUnknown, proto.BillingMessages.promoUnknown],
    valid: { priceId: fc.constantFrom(ctx.proPriceId) },
  },
  {
    field: 'sendCoachMessage',
    session: 'pro',
    args: { message: ['message', 'String!'] },
    schema: proto.ChatMessageRequest,
    answers: [503],
  },
  {
    field: 'createGoal',
    session: 'free',
    input: 'GoalInput!',
    schema: proto.CreateGoalRequest,
    valid: { targetDate: futureDate },
  },
  {
    field: 'updateGoal',
    session: 'free',
    fixed: { id: ['ID!', UUID_MISSING] },
    input: 'GoalInput!',
    schema: proto.UpdateGoalRequest,
    answers: [404],
    valid: { targetDate: futureDate },
  },
  { field: 'setFtp', session: 'free', args: { ftp: ['ftp', 'Int', 'null'] }, schema: proto.RiderFtpRequest },
  {
    field: 'updateRiderSettings',
    session: 'free',
    input: 'RiderSettingsInput!',
    schema: proto.RiderSettingsRequest,
    domain: [proto.PhysiologyMessages.thresholdAboveMax],
  },
  {
    field: 'createPromoCode',
    session: 'admin',
    input: 'CreatePromoCodeInput!',
    schema: proto.CreatePromoCodeRequest,
    answers: [409],
  },
  {
    field: 'setSubscriptionTier',
    session: 'admin',
    fixed: { userId: ['ID!', UUID_MISSING] },
    args: { subscriptionTier: ['subscriptionTier', 'Tier!'] },
    schema: proto.AdminSetTierRequest,
    answers: [404],
  },
  {
    field: 'coachChat',
    query: true,
    session: 'pro',
    args: { limit: ['limit', 'Int', 'absent'], cursor: ['cursor', 'String', 'absent'] },
    schema: proto.ChatPageQuery,
    ...cursor,
  },
  {
    field: 'createTrainingPlan',
    session: 'elite',
    input: 'CreateTrainingPlanInput!',
    schema: proto.CreatePlanRequest,
    ...plan,
  },
  {
    field: 'movePlanSession',
    session: 'elite',
    fixed: { id: ['ID!', UUID_MISSING] },
    args: { date: ['date', 'String!'] },
    schema: proto.MovePlanSessionRequest,
    answers: [404],
    domain: [proto.PlanMessages.moveDate],
  },
  ...['dashboardStats', 'lifetimeAnalytics', 'performanceTrends'].map((field) => ({
    field,
    query: true,
    session: 'pro',
    args: { tz: ['timeZone', 'String', 'absent'] },
    schema: field === 'dashboardStats' ? proto.DashboardStatsQuery : proto.AnalyticsQuery,
    ...tz,
  })),
];

/** Mutations whose arguments are ids only (the hand-written bad ids break them) or that take none. */
export const MUTATIONS_WITHOUT_SCHEMA = {
  analyzeRide: 'a ride id only',
  deleteGoal: 'a goal id only',
  deletePromoCode: 'a promo code id only',
  deleteUser: 'a user id only',
};

// ---------------------------------------------------------------------------------------------
// Coverage: a route or mutation without a row fails the campaign.

const controllerFiles = (dir, found = []) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['__tests__', 'node_modules', 'dist'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) controllerFiles(path, found);
    else if (entry.name.endsWith('.controller.ts')) found.push(path);
  }
  return found;
};

/** The routes the services declare that read a body or query and the gateway serves: "METHOD /path". */
export const inputRoutes = async (root) => {
  const { findRoute } = await import('@domestique/gateway/service-routes');
  return controllerFiles(join(root, 'services')).flatMap((file) => {
    // a file may hold several controllers, each with its own base path
    return readFileSync(file, 'utf8')
      .split(/(?=@Controller\()/)
      .slice(1)
      .flatMap((controller) => {
        const base = /^@Controller\(\s*'([^']*)'/.exec(controller)?.[1] ?? '';
        return controller
          .split(/(?=@(?:Get|Post|Patch|Put|Delete)\()/)
          .slice(1)
          .filter((handler) => /@(Body|Query)\(/.test(handler))
          .map((handler) => {
            const [, method, sub] = /^@(\w+)\(\s*(?:'([^']*)')?/.exec(handler);
            const path = `/${[base, sub].filter(Boolean).join('/')}`.replace(/:\w+/g, '{id}');
            return { route: `${method.toUpperCase()} ${path}`, file: relative(root, file) };
          });
      })
      .filter(({ route }) => {
        const [method, path] = route.split(' ');
        return findRoute(path.replace('{id}', UUID_MISSING), method);
      });
  });
};

/** Routes and mutations that take input and have no row: empty when the tables are complete. */
export const uncovered = async (root, ctx, mutations) => {
  const rows = new Set([
    ...REST_SCHEMA_ROUTES(ctx).map((row) => row.route),
    ...Object.keys(REST_WITHOUT_SCHEMA),
  ]);
  const operations = new Set([
    ...GRAPHQL_SCHEMA_OPERATIONS(ctx).map((row) => row.field),
    ...Object.keys(MUTATIONS_WITHOUT_SCHEMA),
  ]);
  return [
    ...(await inputRoutes(root))
      .filter(({ route }) => !rows.has(route))
      .map(({ route, file }) => `REST ${route} (${file})`),
    ...mutations
      .filter((mutation) => mutation.args.length && !operations.has(mutation.name))
      .map((mutation) => `GraphQL mutation ${mutation.name}(${mutation.args.join(', ')})`),
  ];
};

/** The mutations of the composed graph and their arguments, by introspection. */
export const MUTATIONS_QUERY = '{ __schema { mutationType { fields { name args { name } } } } }';
export const mutationsOf = (answer) =>
  answer.data.__schema.mutationType.fields.map((field) => ({
    name: field.name,
    args: field.args.map((arg) => arg.name),
  }));

// ---------------------------------------------------------------------------------------------
// Requests

const shown = (value) => {
  const text = JSON.stringify(value, (_key, v) =>
    typeof v === 'string' && v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v,
  );
  return text && text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/** A query string's value: text; arrays are repeated parameters. */
const queryText = (value) =>
  typeof value === 'string'
    ? value
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

const restRequest = (row, value, kind, defect) => {
  const [method, template] = row.route.split(' ');
  // `pathId`: a row whose path parameter is not an id (a date)
  const path = template.replace('{id}', row.pathId ?? UUID_MISSING);
  if (row.query) {
    const params = new URLSearchParams();
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined || v === ABSENT) continue;
      for (const item of Array.isArray(v) && v.length <= 3 ? v : [v]) params.append(key, queryText(item));
    }
    const received = {};
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key);
      received[key] = all.length > 1 ? all : all[0];
    }
    const search = params.toString();
    return {
      method,
      path: search ? `${path}?${search}` : path,
      received,
      kind,
      defect,
      shown: shown(received),
    };
  }
  const body = JSON.stringify(value);
  return {
    method,
    path,
    contentType: 'application/json',
    body,
    received: JSON.parse(body),
    kind,
    defect,
    shown: body.length > 300 ? shown(value) : body,
  };
};

const graphqlDocument = (row) => {
  const variables = [
    ...Object.entries(row.fixed ?? {}).map(([name, [type]]) => [name, type]),
    ...Object.values(row.args ?? {}).map(([name, type]) => [name, type]),
    ...(row.input ? [['input', row.input]] : []),
  ];
  const declared = variables.map(([name, type]) => `$${name}: ${type}`).join(', ');
  const passed = variables.map(([name]) => `${name}: $${name}`).join(', ');
  return `${row.query ? 'query' : 'mutation'} Schema(${declared}) { ${row.field}(${passed})${row.scalar ? '' : ' { __typename }'} }`;
};

const graphqlRequest = (row, value, kind, defect) => {
  const variables = Object.fromEntries(Object.entries(row.fixed ?? {}).map(([name, [, v]]) => [name, v]));
  // as JSON carries it: NaN and Infinity arrive as null, undefined keys not at all
  const sent = JSON.parse(JSON.stringify(value));
  let received = sent;
  if (row.input) variables.input = value;
  else {
    received = {};
    for (const [key, [name, , nullAs]] of Object.entries(row.args)) {
      if (key in value) variables[name] = value[key];
      // what the resolver hands the schema: `arg ?? undefined` or `arg ?? null`
      if (key in sent && !(sent[key] === null && nullAs === 'absent')) received[key] = sent[key];
      else if (nullAs === 'null') received[key] = null;
    }
  }
  const body = JSON.stringify({ query: graphqlDocument(row), variables });
  return {
    method: 'POST',
    path: '/graphql',
    contentType: 'application/json',
    body,
    received,
    graphqlField: row.field,
    realm: row.session === 'admin' ? 'admin' : undefined,
    kind,
    defect,
    shown: shown(variables),
  };
};

const schemaOf = (row) => row.schema ?? row.body ?? row.query;
const endpointOf = (row) =>
  row.field ? `GraphQL ${row.query ? 'query' : 'mutation'} ${row.field}` : row.route;

/** A row's request arbitraries: valid inputs, and inputs the schema (or the request guard) refuses. */
export const rowArbitraries = (row) => {
  const schema = schemaOf(row);
  const build = row.field ? graphqlRequest : restRequest;
  const options = {
    overrides: row.valid,
    int32: Boolean(row.field),
    noExtraKeys: Boolean(row.field && row.args),
  };
  const valid = validArbitrary(schema, options)
    .map((value) => build(row, value, 'valid', 'valid'))
    .filter((request) => !mustRefuse(schema, request.received));
  const broken = brokenCandidates(schema, options)
    .map(({ value, defect }) => build(row, value, 'broken', defect))
    // a URL over Node's 16 KB header limit is refused by the gateway's HTTP server: 431 and a message
    .filter((request) => mustRefuse(schema, request.received));
  return { valid, broken };
};

// ---------------------------------------------------------------------------------------------
// What an answer must be

const jsonOf = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A valid input: answered, and not refused for validation. Undefined when right. */
const validProblem = (row, request, { status, text }) => {
  const domain = row.domain ?? [];
  // a rate limit (sign-in attempts, coach messages) is never a validation refusal
  const answers = [...(row.answers ?? []), 429];
  if (request.graphqlField) {
    if (status >= 500) return `status ${status}`;
    const errors = jsonOf(text)?.errors ?? [];
    const refused = errors.find(
      (error) => !answers.includes(error.extensions?.status) && !domain.includes(error.message),
    );
    return refused
      ? `refused: ${refused.extensions?.code ?? ''} ${refused.extensions?.status ?? status} ${refused.message}`
      : undefined;
  }
  if ((status >= 200 && status < 300) || answers.includes(status)) return undefined;
  const message = jsonOf(text)?.message;
  if (status === 400 && domain.includes(message)) return undefined;
  return `refused ${status}: ${text.slice(0, 160)}`;
};

/**
 * A broken input: refused 4xx `{ message }` (checked by the campaign's own rules), and where the
 * service's schema decided, with the schema's first message.
 */
const brokenProblem = (row, request, answer, { problemWith, graphqlProblemWith }) => {
  const problem = request.graphqlField
    ? graphqlProblemWith(answer.status, answer.text, request.graphqlField)
    : problemWith(answer.status, answer.text);
  if (problem) return problem;
  if (request.graphqlField || answer.status !== 400) return undefined;
  const expected = expectedMessage(schemaOf(row), request.received, proto.firstIssueMessage);
  const message = jsonOf(answer.text)?.message;
  const guarded = /NUL characters|nested too deeply|JSON|too large|Unexpected field/i.test(message ?? '');
  return expected && message !== expected && !guarded
    ? `message "${message}", the schema says "${expected}"`
    : undefined;
};

/**
 * Runs every row as two fast-check properties (broken inputs, then valid ones in `phase`), `runs`
 * each, rows 8 at a time. `send(request)` answers {status, text}. Answers the figures and, per
 * failing row, the shrunk request and the seed and path to replay it.
 */
export const schemaRows = (ctx) => [...REST_SCHEMA_ROUTES(ctx), ...GRAPHQL_SCHEMA_OPERATIONS(ctx)];

export const runSchemaCampaign = async ({ ctx, seed, runs, phase, send, checks }) => {
  const rows = schemaRows(ctx);
  let sent = 0;
  const statuses = new Map();
  const failures = [];
  const queue = rows.map((row, index) => [row, index]);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [row, index] = next;
      const arbitrary = rowArbitraries(row)[phase];
      const property = fc.asyncProperty(arbitrary, async (request) => {
        const answer = await send({ ...request, session: row.session });
        sent += 1;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem =
          phase === 'valid'
            ? validProblem(row, request, answer)
            : brokenProblem(row, request, answer, checks);
        if (problem) throw new Error(`${problem} <- ${answer.text.slice(0, 200)}`);
      });
      const result = await fc.check(property, {
        seed: seed + index,
        numRuns: runs,
        endOnFailure: false,
        maxSkipsPerRun: 1000,
      });
      if (result.failed) {
        const [request] = result.counterexample ?? [{}];
        failures.push({
          endpoint: endpointOf(row),
          input: `${request.kind ?? ''} ${request.defect ?? ''}: ${request.shown ?? ''}`,
          problem: String(result.errorInstance?.message ?? result.error).split('\n')[0],
          replay: `--seed=${seed} (row seed ${result.seed}, path ${result.counterexamplePath}, ${result.numShrinks} shrinks)`,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { rows: rows.length, schemas: new Set(rows.map(schemaOf)).size, sent, statuses, failures };
};
