import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, INVALID_TEXT_MESSAGE, parseConfig, TOO_DEEP_MESSAGE } from '@domestique/common';
import { identityHeaders, testEnv, uniqueSuffix } from '@domestique/common/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { stackProcesses, startStack, withFreePorts, type Stack } from '../../../infra/dev/stack.mjs';
import { createGateway, type Gateway } from '../app.js';
import { gatewayEnvSchema } from '../config/env.schema.js';

/**
 * The real gateway in front of the real auth and rides APIs (their built output): text with a NUL
 * or a lone surrogate, and JSON nested too deep, are answered 400 { message } wherever they come
 * (JSON body, form body, query, path, GraphQL body) and nothing is written; and TRUST_PROXY decides
 * whether a client's X-Forwarded-For names the client the sign-in throttle counts.
 */

const LOGIN_PER_IP = 10;

describe('request guard and TRUST_PROXY through the gateway (auth and rides APIs)', () => {
  let stack: Stack;
  let env: Record<string, string>;
  const gateways: Gateway[] = [];

  /** A gateway over the running services with this TRUST_PROXY. */
  const gatewayWith = (trustProxy: string | undefined): Gateway => {
    const config = parseConfig('gateway', gatewayEnvSchema, { ...env, TRUST_PROXY: trustProxy });
    const gateway = createGateway(config, createLogger({ service: 'gateway', level: config.LOG_LEVEL }));
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    const base = testEnv({
      ARGON2_MEMORY_KIB: '4096',
      ARGON2_ITERATIONS: '1',
      THROTTLE_LOGIN_PER_IP: String(LOGIN_PER_IP),
      THROTTLE_LOGIN_PER_ACCOUNT: '1000',
      STRAVA_PUSH_SUBSCRIPTION: 'false',
      REDIS_PREFIX: `guard-${uniqueSuffix()}`.toLowerCase(),
    });
    env = await withFreePorts(
      Object.fromEntries(
        Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    );
    stack = await startStack({
      env,
      logs: 'files',
      logDir: join(tmpdir(), `dq-guard-it-${uniqueSuffix()}`),
      processes: stackProcesses(env).filter((proc) => proc.name === 'auth' || proc.name === 'rides'),
    });
  }, 120_000);

  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop();
    await stack?.stop();
  });

  describe('NUL, lone surrogates and deep JSON', () => {
    let gateway: Gateway;
    let rider: ReturnType<typeof request.agent>;

    beforeAll(async () => {
      gateway = gatewayWith(undefined);
      rider = request.agent(gateway.app).set('Origin', env.PUBLIC_URL!);
      const registered = await rider.post('/api/auth/register').send({
        email: `guard-${uniqueSuffix()}@example.com`,
        password: 'guard-password-1',
        firstName: 'Guard',
        lastName: 'Tester',
      });
      expect(registered.status).toBe(201);
    });

    const goal = { title: 'Ride 100 miles', targetValue: 100, targetDate: '2030-01-01' };
    const deep = (depth: number) => `{"title":${'['.repeat(depth)}${']'.repeat(depth)}}`;

    it('refuses them in a JSON body with 400 { message }, and writes nothing', async () => {
      const bodies: [string, string][] = [
        [JSON.stringify({ ...goal, title: 'Ride\u0000100' }), INVALID_TEXT_MESSAGE],
        [JSON.stringify({ ...goal, description: 'Ride \ud800 miles' }), INVALID_TEXT_MESSAGE],
        [JSON.stringify({ ...goal, description: '\udc00' }), INVALID_TEXT_MESSAGE],
        [JSON.stringify({ ...goal, ['x\u0000']: 1 }), INVALID_TEXT_MESSAGE],
        [deep(10_000), TOO_DEEP_MESSAGE],
      ];
      for (const [body, message] of bodies) {
        const answer = await rider.post('/api/goals').set('Content-Type', 'application/json').send(body);
        expect({ status: answer.status, body: answer.body as unknown }).toEqual({
          status: 400,
          body: { message, code: 'BAD_REQUEST' },
        });
      }
      expect((await rider.get('/api/goals')).body).toEqual([]);
      // the same route takes a valid goal (emoji included): the refusals above were the guard's
      const valid = await rider.post('/api/goals').send({ ...goal, description: 'Col du Galibier 🚀' });
      expect(valid.status).toBe(201);
      expect((await rider.get('/api/goals')).body).toHaveLength(1);
    });

    it('refuses them in the query, the path and a form body', async () => {
      for (const path of ['/api/rides?search=%00', '/api/rides?cursor=a%00b', '/api/goals/%00']) {
        const answer = await rider.get(path);
        expect({ path, status: answer.status, message: answer.body.message as unknown }).toEqual({
          path,
          status: 400,
          message: INVALID_TEXT_MESSAGE,
        });
      }
      const form = await rider
        .post('/api/auth/login')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('email=a%00%40example.com&password=x');
      expect(form.status).toBe(400);
      expect(form.body.message).toBe(INVALID_TEXT_MESSAGE);
    });

    it('refuses them in a GraphQL body before it reaches the graph', async () => {
      const query = 'mutation G($input: GoalInput!) { createGoal(input: $input) { id } }';
      const nul = await rider
        .post('/graphql')
        .send({ query, variables: { input: { ...goal, title: '\u0000' } } });
      expect(nul.status).toBe(400);
      expect(nul.body).toEqual({ message: INVALID_TEXT_MESSAGE });
      const lone = await rider
        .post('/graphql')
        .send({ query, variables: { input: { ...goal, title: '\ud83d' } } });
      expect(lone.body).toEqual({ message: INVALID_TEXT_MESSAGE });
      const tooDeep = await rider
        .post('/graphql')
        .set('Content-Type', 'application/json')
        .send(`{"query":"{ me { id } }","variables":${deep(10_000)}}`);
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body).toEqual({ message: TOO_DEEP_MESSAGE });
      const get = await rider
        .get(
          `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"input":{"title":"\\u0000"}}')}`,
        )
        .set('apollo-require-preflight', 'true');
      expect(get.status).toBe(400);
      expect(get.body).toEqual({ message: INVALID_TEXT_MESSAGE });
      expect((await rider.get('/api/goals')).body).toHaveLength(1);
    });

    it('refuses them in GraphQL arguments written into the document, at the service', async () => {
      const userId = ((await rider.get('/api/auth/user')).body as { id: string }).id;
      const headers = await identityHeaders({ role: 'user', userId, tier: 'free' });
      const createGoal = (title: string) =>
        request(env.RIDES_URL!)
          .post('/graphql')
          .set(headers)
          .send({
            query: `mutation { createGoal(input: {title: ${title}, targetValue: 100, targetDate: "2030-01-01"}) { id } }`,
          });
      for (const literal of ['"Ride\\u0000100"', '"\\u0000"']) {
        const answer = await createGoal(literal);
        expect(answer.body.data ?? null).toBeNull();
        expect(answer.body.errors?.[0]).toMatchObject({
          message: INVALID_TEXT_MESSAGE,
          extensions: { code: 'BAD_REQUEST', status: 400 },
        });
      }
      expect((await rider.get('/api/goals')).body).toHaveLength(1);
      const valid = await createGoal('"Ride \\ud83d\\ude80 100"');
      expect(valid.body.errors).toBeUndefined();
      expect((await rider.get('/api/goals')).body).toHaveLength(2);
    });
  });

  describe('TRUST_PROXY and the per-IP sign-in throttle', () => {
    /** Failed sign-ins (a different unknown account each), one per X-Forwarded-For value; their statuses. */
    const failedSignIns = async (gateway: Gateway, forwardedFor: string[]) => {
      const statuses: number[] = [];
      for (const [index, address] of forwardedFor.entries()) {
        const answer = await request(gateway.app)
          .post('/api/auth/login')
          .set('Origin', env.PUBLIC_URL!)
          .set('X-Forwarded-For', address)
          .send({ email: `nobody-${index}-${uniqueSuffix()}@example.com`, password: 'wrong-password' });
        statuses.push(answer.status);
      }
      return statuses;
    };
    const rotating = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);

    it('none: a client-sent X-Forwarded-For does not change who the throttle counts', async () => {
      const statuses = await failedSignIns(gatewayWith('none'), rotating(LOGIN_PER_IP + 1, '198.51.100'));
      expect(statuses).toEqual([...Array<number>(LOGIN_PER_IP).fill(401), 429]);
    });

    it('1: the address in X-Forwarded-For is the client counted', async () => {
      const gateway = gatewayWith('1');
      // the loopback client is spent above; each forwarded address has an allowance of its own
      expect(await failedSignIns(gateway, rotating(LOGIN_PER_IP + 1, '203.0.113'))).toEqual(
        Array<number>(LOGIN_PER_IP + 1).fill(401),
      );
      const one = Array<string>(LOGIN_PER_IP).fill('192.0.2.77');
      expect(await failedSignIns(gateway, [...one, '10.9.9.9, 192.0.2.77'])).toEqual([
        ...Array<number>(LOGIN_PER_IP).fill(401),
        429,
      ]);
    });
  });
});
