import {
  ApolloGateway,
  IntrospectAndCompose,
  RemoteGraphQLDataSource,
  type GraphQLDataSourceProcessOptions,
} from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { currentCorrelationId, traceHeaders, type Logger } from '@domestique/common';
import { INTERNAL_HEADERS, type ServiceName } from '@domestique/proto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IdentityTokens } from '../sessions/identity-tokens.js';
import type { ResolvedIdentity, Sessions } from '../sessions/sessions.js';
import { publicGraphOptions } from './public-graph-options.js';

export interface GatewayContext {
  req: Request;
  res: Response;
  resolved: ResolvedIdentity;
}

/**
 * The largest /graphql body the gateway reads: under the subgraphs' own 100 KB body limit, so a
 * request the gateway accepts is never refused by a subgraph (which would surface as a 500).
 */
export const GRAPHQL_BODY_LIMIT_BYTES = 64 * 1024;

/** The header the admin screens send so GraphQL uses the admin session instead of the rider's. */
export const REALM_HEADER = 'x-domestique-realm';

export interface FederatedGraphOptions {
  subgraphs: { name: ServiceName; url: string }[];
  sessions: Sessions;
  tokens: IdentityTokens;
  logger: Logger;
  pollIntervalMs: number;
  /**
   * Production answers no introspection and no field-name suggestions. Unset counts as production,
   * so a caller that forgets it keeps the schema closed.
   */
  production?: boolean;
}

/** Adds the caller's signed identity to each subgraph call and applies session directives from the answers. */
class IdentityDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly tokens: IdentityTokens,
    private readonly sessions: Sessions,
  ) {
    super({ url });
  }

  override async willSendRequest({
    request,
    context,
  }: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<void> {
    const identity =
      'resolved' in context && context.resolved
        ? context.resolved.identity
        : { role: 'system' as const, service: 'gateway' };
    request.http?.headers.set(INTERNAL_HEADERS.identity, await this.tokens.tokenFor(identity));
    request.http?.headers.set(INTERNAL_HEADERS.correlationId, currentCorrelationId() ?? '');
    // subgraph calls continue the request's trace (nothing is added while tracing is off)
    for (const [name, value] of Object.entries(traceHeaders())) request.http?.headers.set(name, value);
    // the client's address, for per-IP limits (the gateway's own address would make every rider share one)
    if ('req' in context && context.req) request.http?.headers.set('x-forwarded-for', context.req.ip ?? '');
  }

  override async didReceiveResponse({
    response,
    context,
  }: Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>['didReceiveResponse']>>[0]) {
    if ('req' in context && context.req && context.res && context.resolved && response.http) {
      await this.sessions.applyDirectives(response.http.headers, context.req, context.res, context.resolved);
    }
    return response;
  }
}

/**
 * The federated graph at /graphql. Composition is done offline (IntrospectAndCompose over the
 * subgraphs, no rover), retried until every subgraph answers; until then /graphql answers 503 and
 * the REST paths work on their own. The supergraph is re-read periodically to follow deployments.
 */
export class FederatedGraph {
  private handler: RequestHandler | undefined;
  private server: ApolloServer<GatewayContext> | undefined;
  private stopped = false;

  constructor(private readonly options: FederatedGraphOptions) {}

  get ready(): boolean {
    return this.handler !== undefined;
  }

  /** For the public /health: whether the graph is up, never why not (the log says why). */
  get status(): string {
    return this.ready ? 'composed' : 'composing';
  }

  async start(retryDelayMs = 1000): Promise<void> {
    const { sessions, tokens, logger } = this.options;
    for (let attempt = 1; !this.stopped; attempt += 1) {
      const gateway = new ApolloGateway({
        supergraphSdl: new IntrospectAndCompose({
          subgraphs: this.options.subgraphs,
          pollIntervalInMs: this.options.pollIntervalMs || undefined,
          introspectionHeaders: async () => ({
            [INTERNAL_HEADERS.identity]: await tokens.tokenFor({ role: 'system', service: 'gateway' }),
          }),
        }),
        buildService: ({ url }) => new IdentityDataSource(url ?? '', tokens, sessions),
        logger: {
          debug: () => undefined,
          info: (message: unknown) => logger.debug({ gateway: message }, 'apollo gateway'),
          warn: (message: unknown) => logger.warn({ gateway: message }, 'apollo gateway'),
          error: (message: unknown) => logger.error({ gateway: message }, 'apollo gateway'),
        },
      });
      const server = new ApolloServer<GatewayContext>({
        gateway,
        ...publicGraphOptions<GatewayContext>({ production: this.options.production ?? true }),
      });
      try {
        await server.start();
        this.server = server;
        this.handler = expressMiddleware(server, {
          context: async ({ req, res }) => {
            const realm = req.headers[REALM_HEADER] === 'admin' ? 'admin' : 'user';
            return { req, res, resolved: await sessions.resolve(req, realm) };
          },
        });
        logger.info({ attempt }, 'Supergraph composed');
        return;
      } catch (error) {
        if (attempt === 1 || attempt % 10 === 0) {
          logger.warn({ err: error, attempt }, 'Supergraph not composed yet; retrying');
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(retryDelayMs * attempt, 5000)));
      }
    }
  }

  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!this.handler) {
        res.status(503).json({ message: 'The API is starting. Please try again in a moment.' });
        return;
      }
      this.handler(req, res, next);
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.server?.stop();
  }
}
