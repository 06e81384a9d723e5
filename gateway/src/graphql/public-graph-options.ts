import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { formatError } from '@domestique/common';
import { GraphQLError } from 'graphql';
import { queryLimitRules, queryParseOptions, tokenLimitMessage } from './query-limits.js';

/**
 * The client's errors the query planner would otherwise raise as a 500: a document without the
 * operation the request names (or naming none of several), and a subscription (the graph has none).
 */
const operationMustBeServable = {
  async requestDidStart() {
    return {
      async didResolveOperation({
        operation,
        request,
      }: {
        operation?: { operation: string };
        request: { operationName?: string | null };
      }) {
        const refuse = (message: string) =>
          new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
        if (!operation)
          throw refuse(
            request.operationName
              ? `Unknown operation named "${request.operationName}".`
              : 'Must provide an operation name when the document holds several operations.',
          );
        if (operation.operation === 'subscription') throw refuse('Subscriptions are not supported.');
      },
    };
  },
};

type PublicGraphOptions<TContext extends BaseContext> = Omit<
  ApolloServerOptionsWithGateway<TContext>,
  'gateway'
>;

/**
 * How the public graph answers, whatever serves it: documents over the size limits (query-limits.ts)
 * are refused with HTTP 400 before anything runs; in production it answers no introspection and
 * suggests no field names ("Did you mean ...?"), so the schema is not handed to a stranger.
 */
export const publicGraphOptions = <TContext extends BaseContext>({
  production,
}: {
  production: boolean;
}): PublicGraphOptions<TContext> => ({
  introspection: !production,
  hideSchemaDetailsFromClientErrors: production,
  includeStacktraceInErrorResponses: false,
  csrfPrevention: true,
  parseOptions: queryParseOptions(),
  validationRules: queryLimitRules(),
  plugins: [operationMustBeServable],
  formatError: (formatted) =>
    formatError(
      formatted,
      formatted.extensions?.validationErrorCode === 'INTROSPECTION_DISABLED'
        ? 'Introspection is disabled.'
        : tokenLimitMessage(formatted.message),
    ),
});
