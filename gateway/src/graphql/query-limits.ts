import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * How big a /graphql document may be, checked before anything is executed. Every operation of the
 * web app, with the `__typename`s Apollo Client adds, stays within 60% of each bound
 * (__tests__/query-limits.spec.ts fails as soon as a screen's operation would not):
 *
 * - tokens: the whole document; graphql-js stops parsing at the limit (the largest web operation,
 *   RidesPage with its fragment, has 141; the introspection query of the dev tools about 190).
 *   This also bounds graphql-js' own validation, which is quadratic in repeated fields: at 500
 *   tokens the worst document (`rides { id }` 124 times) validates in a few ms, at 1,000 in ~50;
 * - depth: nested selections, fragments flattened (the deepest web operations reach 6);
 * - aliases: the amplifier of the abuse this guards against (60 aliases of the rider's whole ride
 *   list with its AI feedback); the web uses none;
 * - cost: graphql-armor's estimate (2 per object, 1 per scalar, each level weighing 1.5 times the
 *   one above), which bounds many heavy fields within the alias limit (the costliest web
 *   operation, DashboardStats, is 379).
 */
export interface GraphQLLimits {
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

export const GRAPHQL_LIMITS: Readonly<GraphQLLimits> = {
  maxTokens: 500,
  maxDepth: 10,
  maxAliases: 5,
  maxCost: 1500,
};

/**
 * The refusal a client sees: graphql-armor's message without its misleading "Syntax Error: " prefix,
 * reported as a validation error (so Apollo answers HTTP 400 and executes nothing). Reporting
 * instead of throwing matters: an error thrown out of a validation rule would surface as a 500.
 */
const reportRefusal = (context: ValidationContext | null, error: GraphQLError) => {
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
};

const armor = { exposeLimits: true, propagateOnRejection: false, onReject: [reportRefusal] };

/** The validation rules that refuse an operation over the depth, alias or cost limits. */
export const queryLimitRules = (limits: GraphQLLimits = GRAPHQL_LIMITS): ValidationRule[] => [
  maxDepthRule({ ...armor, n: limits.maxDepth, flattenFragments: true }),
  maxAliasesRule({ ...armor, n: limits.maxAliases }),
  costLimitRule({ ...armor, maxCost: limits.maxCost, flattenFragments: true }),
];

/**
 * The token limit, applied by graphql-js while Apollo parses: an oversized document is never even
 * fully parsed. (graphql-armor's max-tokens plugin counts the same tokens, but as an Envelop parse
 * hook Apollo Server has no place for; its Apollo form parses every document a second time.)
 */
export const queryParseOptions = (limits: GraphQLLimits = GRAPHQL_LIMITS) => ({
  maxTokens: limits.maxTokens,
});

/** graphql-js' refusal of a document over the token limit, worded like the other limits. */
export const tokenLimitMessage = (message: string): string =>
  message.replace(
    /^Syntax Error: Document contains more tha[nt] (\d+) tokens\. Parsing aborted\.$/,
    'Token limit of $1 exceeded.',
  );
