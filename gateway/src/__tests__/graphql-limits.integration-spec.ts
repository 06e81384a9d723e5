import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@domestique/common';
import { testEnv, uniqueSuffix } from '@domestique/common/testing';
import { SERVICE_NAMES } from '@domestique/proto';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
  type GraphQLSchema,
} from 'graphql';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { stackProcesses, startStack, withFreePorts, type Stack } from '../../../infra/dev/stack.mjs';
import { createGateway, type Gateway } from '../app.js';
import { gatewayEnvSchema } from '../config/env.schema.js';
import { abusiveAliasesQuery } from '../graphql/__tests__/abusive-queries.js';
import { webOperations } from '../graphql/__tests__/web-operations.js';
import { GRAPHQL_LIMITS } from '../graphql/query-limits.js';

/**
 * The real gateway, composed over the five subgraphs (their built APIs, each in its own process):
 * the size limits refuse the abusive document with 400 and a message while every query of the web
 * app goes through, and production refuses introspection. (That a refused document reaches no
 * subgraph, and the limits one by one, are in graphql/__tests__.)
 */
describe('GraphQL limits through the real gateway', () => {
  let stack: Stack;
  let env: Record<string, string>;
  const gateways: Gateway[] = [];
  let test: Gateway;
  let production: Gateway;

  const startGateway = async (nodeEnv: 'test' | 'production') => {
    const gateway = createGateway(
      gatewayEnvSchema.parse({ ...env, NODE_ENV: nodeEnv, SUPERGRAPH_POLL_MS: '0' }),
      createLogger({ service: 'gateway', level: 'silent' }),
    );
    gateways.push(gateway);
    gateway.start();
    const deadline = Date.now() + 60_000;
    while (!gateway.graph.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (!gateway.graph.ready) throw new Error(`the ${nodeEnv} gateway did not compose the supergraph`);
    return gateway;
  };

  beforeAll(async () => {
    const base = testEnv({
      // a secret of this run only, so the production gateway takes it like a real one
      INTERNAL_JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_PREFIX: `${testEnv().REDIS_PREFIX}-gql-${uniqueSuffix()}`.slice(0, 40).toLowerCase(),
    });
    env = await withFreePorts(
      Object.fromEntries(
        Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    );
    stack = await startStack({
      env,
      logs: 'files',
      logDir: join(tmpdir(), `dq-graphql-limits-${uniqueSuffix()}`),
      processes: stackProcesses(env).filter((proc) =>
        (SERVICE_NAMES as readonly string[]).includes(proc.name),
      ),
    });
    test = await startGateway('test');
    production = await startGateway('production');
  }, 180_000);
  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop();
    await stack?.stop();
  });

  const post = (gateway: Gateway, body: object) => request(gateway.app).post('/graphql').send(body);

  it('refuses 60 aliases of the rides with their AI feedback, and 20: 400 and a message', async () => {
    for (const gateway of [test, production]) {
      const abusive = await post(gateway, { query: abusiveAliasesQuery(60) });
      expect(abusive.status).toBe(400);
      expect(abusive.body).toEqual({
        errors: [
          {
            message: `Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`,
            extensions: { code: 'GRAPHQL_PARSE_FAILED' },
          },
        ],
      });
      const fewer = await post(gateway, { query: abusiveAliasesQuery(20) });
      expect(fewer.status).toBe(400);
      expect(fewer.body).toEqual({
        errors: [
          {
            message: `Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found 20.`,
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      });
    }
  });

  it('lets the same document through with as many aliases as the limit allows (it is valid against the graph)', async () => {
    const answer = await post(test, { query: abusiveAliasesQuery(GRAPHQL_LIMITS.maxAliases) });
    // signed out: the rides subgraph refuses it, so the document itself was accepted and executed
    expect(answer.status).toBe(200);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accepts every query of the web app against the composed graph', async () => {
    // queries only: a mutation would change something
    const queries = (await webOperations()).filter(({ type }) => type === 'query');
    expect(queries.length).toBeGreaterThanOrEqual(15);
    const refused = [];
    for (const { name, query } of queries) {
      // signed out, most answer their subgraph's refusal, never a validation error (limit: RidesPage's
      // page size; id: the ride page's ride)
      const variables = { limit: 10, id: '00000000-0000-4000-8000-000000000000' };
      const answer = await post(production, { query, variables });
      const codes = ((answer.body.errors ?? []) as { extensions?: { code?: string } }[]).map(
        (error) => error.extensions?.code,
      );
      if (answer.status !== 200 || codes.some((code) => code?.startsWith('GRAPHQL_')))
        refused.push({ name, status: answer.status, errors: answer.body.errors });
    }
    expect(refused).toEqual([]);
  });

  it('serves the committed public API schema (gateway/schema, composed at build time without running services)', async () => {
    const answer = await post(test, { query: getIntrospectionQuery() });
    expect(answer.status).toBe(200);
    const print = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));
    const committed = readFileSync(join(import.meta.dirname, '../../schema/public-api.graphql'), 'utf8');
    expect(print(buildClientSchema(answer.body.data))).toEqual(print(buildSchema(committed)));
  });

  it('answers introspection in development and test, and refuses it in production', async () => {
    const introspection = { query: '{ __schema { queryType { name } } }' };
    const open = await post(test, introspection);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    const closed = await post(production, introspection);
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({
      errors: [{ message: 'Introspection is disabled.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });
  });
});
