import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { composeServices } from '@apollo/composition';
import { ApolloGateway, type GraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { parse } from 'graphql';
import request from 'supertest';
import { GRAPHQL_LIMITS } from '../query-limits.js';
import { publicGraphOptions } from '../public-graph-options.js';
import { abusiveAliasesQuery } from './abusive-queries.js';

/**
 * The public graph's options (public-graph-options.ts, what the gateway's Apollo server runs with)
 * over a one-subgraph supergraph whose subgraph is a fake that counts its calls: a refused
 * document answers 400 with a message and reaches no subgraph.
 */
const RIDES_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.0", import: ["@key"])
  type Query { rides: [Ride!]! }
  type Ride @key(fields: "id") { id: ID! aiFeedback: AiFeedback child: Ride }
  type AiFeedback { summary: String }
`;

const supergraphSdl = () => {
  const result = composeServices([
    { name: 'rides', url: 'http://rides.invalid/graphql', typeDefs: parse(RIDES_SDL) },
  ]);
  if (!result.supergraphSdl) throw new Error(result.errors?.map((error) => error.message).join('\n'));
  return result.supergraphSdl;
};

/** A subgraph answering one ride to anything, counting what it is asked. */
class CountingSubgraph implements GraphQLDataSource {
  calls = 0;
  async process() {
    this.calls += 1;
    return { data: { rides: [{ id: '1', aiFeedback: { summary: 'steady' }, child: null }] } };
  }
}

const startGraph = async (production: boolean) => {
  const subgraph = new CountingSubgraph();
  const server = new ApolloServer({
    gateway: new ApolloGateway({ supergraphSdl: supergraphSdl(), buildService: () => subgraph }),
    ...publicGraphOptions({ production }),
  });
  await server.start();
  const app = express();
  app.use('/graphql', express.json(), expressMiddleware(server));
  return { app, subgraph, stop: () => server.stop() };
};

type Graph = Awaited<ReturnType<typeof startGraph>>;
const post = (graph: Graph, query: string) => request(graph.app).post('/graphql').send({ query });

describe('the public graph', () => {
  let development: Graph;
  let production: Graph;

  beforeAll(async () => {
    development = await startGraph(false);
    production = await startGraph(true);
  });
  afterAll(async () => {
    await development.stop();
    await production.stop();
  });

  it('answers an operation within the limits', async () => {
    const before = development.subgraph.calls;
    const answer = await post(development, '{ rides { id aiFeedback { summary } } }');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { rides: [{ id: '1', aiFeedback: { summary: 'steady' } }] } });
    expect(development.subgraph.calls).toBe(before + 1);
  });

  const tokenLimit = `Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`;
  it.each([
    ['60 aliases (602 tokens)', abusiveAliasesQuery(60), tokenLimit],
    [
      '20 aliases',
      abusiveAliasesQuery(20),
      `Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found 20.`,
    ],
    [
      '15 levels',
      `{ rides ${'{ child '.repeat(13)}{ id }${' }'.repeat(13)} }`,
      `Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found 15.`,
    ],
    ['too many tokens', `{ rides { ${'id '.repeat(GRAPHQL_LIMITS.maxTokens)}} }`, tokenLimit],
  ])('refuses %s with 400 and a message, and calls no subgraph', async (_what, query, message) => {
    for (const graph of [development, production]) {
      const before = graph.subgraph.calls;
      const answer = await post(graph, query);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ errors: [{ message, extensions: { code: expect.any(String) } }] });
      expect(graph.subgraph.calls).toBe(before);
    }
  });

  it('refuses fragments that spread each other with 400, never a crash', async () => {
    const answer = await post(
      development,
      '{ rides { ...A } } fragment A on Ride { child { ...B } } fragment B on Ride { child { ...A } }',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/Cannot spread fragment "A" within itself/);
  });

  it('answers introspection in development, and refuses it in production without naming the server', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    const open = await post(development, introspection);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    for (const query of [introspection, '{ __type(name: "Ride") { name } }']) {
      const closed = await post(production, query);
      expect(closed.status).toBe(400);
      expect(closed.body).toEqual({
        errors: [
          { message: 'Introspection is disabled.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        ],
      });
    }
  });

  it('suggests field names in development only', async () => {
    const typo = '{ ridez { id } }';
    expect((await post(development, typo)).body.errors[0].message).toBe(
      'Cannot query field "ridez" on type "Query". Did you mean "rides"?',
    );
    const closed = await post(production, typo);
    expect(closed.status).toBe(400);
    expect(closed.body.errors[0].message).toBe('Cannot query field "ridez" on type "Query".');
  });
});
