// Types of schema-campaign.mjs for the TypeScript spec that uses it.
import type { Arbitrary } from 'fast-check';

export interface SchemaRequest {
  method: string;
  path: string;
  body?: string;
  /** what the server parses from the request, as its schema sees it */
  received: unknown;
  kind: 'valid' | 'broken';
  defect: string;
  graphqlField?: string;
}
export interface SchemaRow {
  route?: string;
  field?: string;
  session: string;
  schema?: unknown;
  body?: unknown;
  query?: unknown;
}
export function schemaRows(ctx: { proPriceId: string }): SchemaRow[];
export function rowArbitraries(row: SchemaRow): {
  valid: Arbitrary<SchemaRequest>;
  broken: Arbitrary<SchemaRequest>;
};
export function uncovered(
  root: string,
  ctx: { proPriceId: string },
  mutations: { name: string; args: string[] }[],
): Promise<string[]>;
