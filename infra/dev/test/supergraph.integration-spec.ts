import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { composeServices } from '@apollo/composition';
import { identityHeaders, testEnv, TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { SERVICE_NAMES } from '@domestique/proto';
import { parse } from 'graphql';
import { startStack, stackProcesses, withFreePorts } from '../stack.mjs';

/**
 * The five subgraphs, each in its own process as in production (built output), must compose into
 * one supergraph, as the gateway does at start-up. This fails as soon as a schema stops composing.
 */
describe('supergraph composition', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = await withFreePorts({
      ...(testEnv() as Record<string, string>),
      INTERNAL_JWT_SECRET: TEST_INTERNAL_SECRET,
    });
    const apis = stackProcesses(env).filter((proc) =>
      (SERVICE_NAMES as readonly string[]).includes(proc.name),
    );
    stack = await startStack({
      env,
      logs: 'files',
      logDir: `${process.cwd()}/test-results/supergraph-logs`,
      processes: apis,
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('composes every subgraph without errors', async () => {
    const headers = await identityHeaders({ role: 'system', service: 'gateway' });
    const subgraphs = [];
    for (const name of SERVICE_NAMES) {
      const url = env[`${name.toUpperCase()}_URL`];
      const answer = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ _service { sdl } }' }),
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { data: { _service: { sdl: string } } };
      subgraphs.push({ name, url: `${url}/graphql`, typeDefs: parse(body.data._service.sdl) });
    }
    const result = composeServices(subgraphs);
    expect(result.errors?.map((error) => error.message) ?? []).toEqual([]);
    const supergraph = result.supergraphSdl ?? '';
    for (const field of [
      'me: User',
      'rides: [Ride!]!',
      'monthlyAnalysisLimit: MonthlyAnalysisLimit!',
      'plans: [Plan!]!',
      'adminAuditLog',
    ]) {
      expect(supergraph).toContain(field);
    }
  });
});
