import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse, validate, type GraphQLError } from 'graphql';
import { GRAPHQL_LIMITS, queryLimitRules, queryParseOptions, tokenLimitMessage } from '../query-limits.js';
import { abusiveAliasesQuery, nestedQuery, nestedSelection } from './abusive-queries.js';
import { webOperations } from './web-operations.js';

/**
 * The size limits on their own (graphql-armor's rules as the gateway composes them). The rules read
 * only the document, so any schema will do; the gateway spec runs them inside Apollo.
 */
const schema = buildSchema('type Query { unused: Int }');
const refusals = (query: string): string[] =>
  validate(schema, parse(query, queryParseOptions()), queryLimitRules()).map(
    (error: GraphQLError) => error.message,
  );

describe('GraphQL size limits', () => {
  it('let every operation of the web app through, as Apollo Client sends it', async () => {
    const operations = await webOperations();
    // the loader found the screens' documents, the largest among them
    expect(operations.length).toBeGreaterThanOrEqual(30);
    expect(operations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining([
        'features/rides/graphql/rides.graphql.ts#RIDES_PAGE_QUERY',
        'features/dashboard/graphql/dashboard.graphql.ts#DASHBOARD_STATS_QUERY',
      ]),
    );
    const refused = operations
      .map((operation) => ({ name: operation.name, refusals: refusals(operation.query) }))
      .filter((operation) => operation.refusals.length > 0);
    expect(refused).toEqual([]);
  });

  it('leave the web app room: each operation is within 60% of each limit', async () => {
    const room = {
      maxTokens: Math.floor(GRAPHQL_LIMITS.maxTokens * 0.6),
      maxDepth: Math.floor(GRAPHQL_LIMITS.maxDepth * 0.6),
      maxAliases: Math.floor(GRAPHQL_LIMITS.maxAliases * 0.6),
      maxCost: Math.floor(GRAPHQL_LIMITS.maxCost * 0.6),
    };
    const tight = (await webOperations()).filter(
      ({ query }) =>
        validate(schema, parse(query, queryParseOptions(room)), queryLimitRules(room)).length > 0,
    );
    expect(tight.map((operation) => operation.name)).toEqual([]);
  });

  it('refuse 60 aliases of the rides with their AI feedback (the reported abuse), and fewer', () => {
    // 602 tokens: refused before it is even parsed whole
    expect(() => parse(abusiveAliasesQuery(60), queryParseOptions())).toThrow(
      `Document contains more that ${GRAPHQL_LIMITS.maxTokens} tokens`,
    );
    expect(refusals(abusiveAliasesQuery(20))).toEqual([
      `Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found 20.`,
    ]);
    expect(refusals(abusiveAliasesQuery(GRAPHQL_LIMITS.maxAliases + 1))).toHaveLength(1);
    expect(refusals(abusiveAliasesQuery(GRAPHQL_LIMITS.maxAliases))).toEqual([]);
  });

  it('refuse a query 15 deep, with or without fragments', () => {
    expect(refusals(nestedQuery(15))).toEqual([
      `Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found 15.`,
    ]);
    // one level in the operation, 14 in the fragment
    const viaFragments = `query { a { ...F } } fragment F on T ${nestedSelection(14, 'b')}`;
    expect(refusals(viaFragments)).toEqual([
      `Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found 15.`,
    ]);
    expect(refusals(nestedQuery(GRAPHQL_LIMITS.maxDepth))).toEqual([]);
  });

  it('refuse a costly query that stays within the alias and depth limits', async () => {
    const ridesPage = (await webOperations()).find((operation) =>
      operation.name.endsWith('#RIDES_PAGE_QUERY'),
    )!.query;
    // the rides page's whole ride, asked for as many times as the alias limit allows
    const fragment = ridesPage.slice(ridesPage.indexOf('fragment RideFields'));
    const aliases = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases },
      (_, i) => `a${i}: ridesPage { rides { ...RideFields } }`,
    );
    const [refusal, ...others] = refusals(`query { ${aliases.join(' ')} } ${fragment}`);
    expect(others).toEqual([]);
    expect(refusal).toMatch(
      new RegExp(`^Query Cost limit of ${GRAPHQL_LIMITS.maxCost} exceeded, found \\d+`),
    );
  });

  it('stop parsing a document over the token limit, with a message like the others', () => {
    // braces and fields: `{ f1 ... fn }` is n + 2 tokens
    const fields = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `f${i}`).join(' ')} }`;
    let message = '';
    try {
      parse(fields(GRAPHQL_LIMITS.maxTokens - 1), queryParseOptions());
    } catch (error) {
      message = (error as Error).message;
    }
    expect(tokenLimitMessage(message)).toBe(`Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`);
    expect(() => parse(fields(GRAPHQL_LIMITS.maxTokens - 2), queryParseOptions())).not.toThrow();
  });

  it('do not loop or crash on fragments that spread each other', () => {
    const cyclic = 'query { a { ...A } } fragment A on T { b { ...B } } fragment B on T { c { ...A } }';
    expect(() => refusals(cyclic)).not.toThrow();
  });
});
