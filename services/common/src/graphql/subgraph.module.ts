import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { Request } from 'express';
import { formatError } from './format-error.js';

export interface GraphQLRequestContext {
  req: Request;
}

/**
 * A Federation 2 code-first subgraph at /graphql. Only the gateway reaches it (the identity
 * middleware rejects anything else); errors carry `extensions.code` and never a stack trace.
 */
@Module({})
export class SubgraphModule {
  static forRoot(): DynamicModule {
    return {
      module: SubgraphModule,
      imports: [
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          sortSchema: true,
          path: '/graphql',
          playground: false,
          introspection: true,
          csrfPrevention: false,
          plugins: [ApolloServerPluginInlineTraceDisabled()],
          includeStacktraceInErrorResponses: false,
          context: ({ req }: GraphQLRequestContext): GraphQLRequestContext => ({ req }),
          formatError: (formatted) => formatError(formatted),
        }),
      ],
    };
  }
}
