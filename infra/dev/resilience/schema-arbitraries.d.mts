// Types of schema-arbitraries.mjs for the TypeScript spec that uses it.
import type { Arbitrary } from 'fast-check';

export const ABSENT: unique symbol;
export const MAX_JSON_DEPTH: number;
export interface ArbitraryOptions {
  /** whole numbers fit GraphQL's Int */
  int32?: boolean;
  /** arbitraries by object key, for values the schema allows and the domain refuses */
  overrides?: Record<string, Arbitrary<unknown>>;
  /** no unknown keys (arguments, not an input object) */
  noExtraKeys?: boolean;
}
export function validArbitrary(schema: unknown, options?: ArbitraryOptions): Arbitrary<unknown>;
export function brokenCandidates(
  schema: unknown,
  options?: ArbitraryOptions,
): Arbitrary<{ value: unknown; defect: string; field?: string; base?: Record<string, unknown> }>;
export function mustRefuse(schema: unknown, received: unknown): boolean;
export function expectedMessage(
  schema: unknown,
  received: unknown,
  firstIssueMessage: (error: never) => string,
): string | undefined;
