import type { GraphQLFormattedError } from 'graphql';

/**
 * The one shape a GraphQL error leaves the backend in, subgraph or gateway: the message (the caller
 * may rewrite it), the path, and `extensions` reduced to `code` and the HTTP `status` the error was
 * given (a refusal is a 4xx, a failure a 5xx). Never a stack trace or any other extension.
 */
export const formatError = (
  formatted: GraphQLFormattedError,
  message: string = formatted.message,
): GraphQLFormattedError => ({
  message,
  ...(formatted.path ? { path: formatted.path } : {}),
  extensions: {
    code: formatted.extensions?.code ?? 'INTERNAL',
    ...(typeof formatted.extensions?.status === 'number' ? { status: formatted.extensions.status } : {}),
  },
});
