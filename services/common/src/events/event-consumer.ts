import {
  eventQueueName,
  eventsFor,
  parseEventEnvelope,
  type EventEnvelope,
  type EventName,
  type EventPayload,
  type EventSubscriber,
} from '@domestique/proto';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../logging/logger.js';
import type { RedisClient } from '../redis/redis-connection.js';
import { runWithContext, newCorrelationId } from '../logging/request-context.js';
import { timeJob } from '../metrics/job-metrics.js';
import { traceJob } from '../tracing/spans.js';
import { ProcessedEventEntity } from './processed-event.entity.js';

export interface EventContext {
  envelope: EventEnvelope;
  /** the transaction the dedupe record is written in; write the handler's effects with it */
  manager: EntityManager | undefined;
}

export type EventHandler<N extends EventName> = (
  payload: EventPayload<N>,
  context: EventContext,
) => Promise<void>;

/** How a consumer makes at-least-once delivery effectively once. */
export interface EventDeduper {
  /** runs `effect` unless the event was handled before */
  once(
    envelope: EventEnvelope,
    effect: (manager: EntityManager | undefined) => Promise<void>,
  ): Promise<boolean>;
}

/** Records handled event ids in the service's own schema, in the same transaction as the effects. */
export class DatabaseEventDeduper implements EventDeduper {
  constructor(private readonly dataSource: DataSource) {}

  once(envelope: EventEnvelope, effect: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ProcessedEventEntity)
        .values({ eventId: envelope.id, name: envelope.name })
        .orIgnore()
        .returning('event_id')
        .execute();
      if ((inserted.raw as unknown[]).length === 0) return false;
      await effect(manager);
      return true;
    });
  }
}

/** For consumers whose effects are idempotent by nature and which own no database (the gateway). */
export class IdempotentHandlerDeduper implements EventDeduper {
  async once(_envelope: EventEnvelope, effect: (manager: undefined) => Promise<void>): Promise<boolean> {
    await effect(undefined);
    return true;
  }
}

/**
 * Consumes one subscriber's event queue. Every event the subscriber is listed for must have a
 * handler (checked at start); payloads are validated against their contract; a malformed event is
 * unrecoverable, a failing handler is retried with backoff.
 */
export class EventConsumer {
  private readonly handlers = new Map<EventName, EventHandler<EventName>>();
  private worker: Worker | undefined;

  constructor(
    private readonly subscriber: EventSubscriber,
    private readonly connection: RedisClient,
    private readonly deduper: EventDeduper,
    private readonly logger: Logger,
    private readonly prefix: string,
  ) {}

  on<N extends EventName>(name: N, handler: EventHandler<N>): this {
    if (this.handlers.has(name)) throw new Error(`Two handlers for event ${name}`);
    this.handlers.set(name, handler as unknown as EventHandler<EventName>);
    return this;
  }

  missingHandlers(): EventName[] {
    return eventsFor(this.subscriber).filter((name) => !this.handlers.has(name));
  }

  start(concurrency = 4): void {
    const missing = this.missingHandlers();
    if (missing.length > 0) {
      throw new Error(`${this.subscriber} subscribes to ${missing.join(', ')} but has no handler for them`);
    }
    const queue = eventQueueName(this.subscriber);
    // an event's envelope carries no trace context (the outbox stores none): each delivery starts a trace
    const run = (job: Job) => timeJob(queue, job, () => traceJob(queue, job, () => this.process(job)));
    this.worker = new Worker(queue, run, {
      connection: this.connection,
      prefix: this.prefix,
      concurrency,
      skipVersionCheck: true,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        { err: error, eventId: job?.id, name: job?.name, attempts: job?.attemptsMade },
        'Event handler failed',
      ),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'Event worker connection error'));
  }

  async process(job: Pick<Job, 'data' | 'id' | 'name'>): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = parseEventEnvelope(job.data);
    } catch (error) {
      this.logger.error({ err: error, jobId: job.id, name: job.name }, 'Malformed event; dropping it');
      throw new UnrecoverableError(`Malformed event: ${(error as Error).message}`);
    }
    const handler = this.handlers.get(envelope.name);
    if (!handler) throw new UnrecoverableError(`No handler for ${envelope.name}`);
    await runWithContext({ correlationId: envelope.correlationId ?? newCorrelationId() }, async () => {
      const handled = await this.deduper.once(envelope, (manager) =>
        handler(envelope.payload, { envelope, manager }),
      );
      this.logger.debug({ eventId: envelope.id, name: envelope.name, duplicate: !handled }, 'Event consumed');
    });
  }

  async close(): Promise<void> {
    await this.worker?.close();
  }
}
