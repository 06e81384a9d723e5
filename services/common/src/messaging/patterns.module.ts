import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { PatternDefinition, PatternReply, ServiceName } from '@domestique/proto';
import { CONFIG, type BaseConfig } from '../config/load-config.js';
import { SERVICE_NAME } from '../core/tokens.js';
import { LOGGER, type Logger } from '../logging/logger.js';
import { PatternClient } from './pattern-client.js';
import { answerPattern, type PatternHandler } from './pattern-responder.js';

/** The answering side of a `@MessagePattern` handler: `return this.patterns.answer(Patterns.x, message, …)`. */
@Injectable()
export class PatternResponder {
  constructor(
    @Inject(CONFIG) private readonly config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  answer<P extends PatternDefinition>(
    pattern: P,
    message: unknown,
    handle: PatternHandler<P>,
  ): Promise<PatternReply> {
    return answerPattern(pattern, message, handle, {
      secret: this.config.INTERNAL_JWT_SECRET,
      logger: this.logger,
    });
  }
}

/** The process's one pattern client (two Redis connections), as this service, closed on shutdown. */
@Injectable()
export class ServicePatternClient extends PatternClient implements OnApplicationShutdown {
  constructor(
    @Inject(CONFIG) config: BaseConfig,
    @Inject(SERVICE_NAME) service: ServiceName,
    @Inject(LOGGER) logger: Logger,
  ) {
    super({
      caller: service,
      redis: config,
      prefix: config.REDIS_PREFIX,
      secret: config.INTERNAL_JWT_SECRET,
      logger,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

/** Message patterns, in both processes of every service: ServicePatternClient asks, PatternResponder answers. */
@Global()
@Module({
  providers: [PatternResponder, ServicePatternClient],
  exports: [PatternResponder, ServicePatternClient],
})
export class PatternsModule {}
