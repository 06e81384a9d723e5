import { Jobs, type JobName, type JobPayload } from '@domestique/proto';
import { Queue, QueueEvents, type DeduplicationOptions, type JobsOptions } from 'bullmq';
import { currentCorrelationId } from '../logging/request-context.js';
import { duplicateForBlocking, type RedisClient } from '../redis/redis-connection.js';
import { traceEnqueue } from '../tracing/spans.js';
import { traceCarrierOf } from '../tracing/trace-context.js';
import { tracingActive } from '../tracing/tracing.js';

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** One BullMQ Queue object per queue name, sharing the producer connection. */
export class QueueRegistry {
  private readonly queues = new Map<string, Queue>();
  private readonly listeners = new Map<string, { events: QueueEvents; connection: RedisClient }>();

  constructor(
    private readonly connection: RedisClient,
    /** the Redis key namespace (REDIS_PREFIX; a hash tag such as `{dq}` on a Redis Cluster) */
    readonly prefix: string,
  ) {}

  get(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix, skipVersionCheck: true });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** The queue's completion and failure events, on a connection of their own (they block on Redis). */
  events(name: string): QueueEvents {
    let listener = this.listeners.get(name);
    if (!listener) {
      // BullMQ does not close a connection it was given: closeAll quits it
      const connection = duplicateForBlocking(this.connection);
      listener = { events: new QueueEvents(name, { connection, prefix: this.prefix }), connection };
      this.listeners.set(name, listener);
    }
    return listener.events;
  }

  async closeAll(): Promise<void> {
    await Promise.all([
      ...[...this.queues.values()].map((queue) => queue.close()),
      ...[...this.listeners.values()].map(async ({ events, connection }) => {
        await events.close();
        await connection.quit().catch(() => connection.disconnect());
      }),
    ]);
    this.queues.clear();
    this.listeners.clear();
  }
}

export interface EnqueueOptions {
  /** idempotency key: a job with the same id is not added twice while it exists */
  jobId?: string;
  priority?: number;
  delay?: number;
  attempts?: number;
  /** BullMQ's deduplication: while a job with this id waits, more are not added (coalescing) */
  deduplication?: DeduplicationOptions;
}

/** Typed producer: the name picks the queue and the payload type; the payload is validated before it is sent. */
export class JobQueue {
  constructor(private readonly registry: QueueRegistry) {}

  /**
   * With tracing on, the job data also carries the sending span's W3C context as `trace` (outside
   * the payload's schema, like `v`: consumers' parsing strips it), so the job's run continues the
   * trace of the request that asked for it.
   */
  async enqueue<N extends JobName>(name: N, data: JobPayload<N>, options: EnqueueOptions = {}) {
    const definition = Jobs[name];
    const parsed = definition.schema.parse(data) as object;
    return traceEnqueue(definition.queue, name, () => {
      const trace = tracingActive() ? traceCarrierOf() : undefined;
      const payload = {
        ...parsed,
        v: definition.version,
        correlationId: (data as { correlationId?: string }).correlationId ?? currentCorrelationId(),
        ...(trace ? { trace } : {}),
      };
      return this.registry.get(definition.queue).add(name, payload, {
        ...DEFAULT_JOB_OPTIONS,
        ...(options.attempts ? { attempts: options.attempts } : {}),
        ...(options.jobId ? { jobId: options.jobId } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
        ...(options.delay ? { delay: options.delay } : {}),
        ...(options.deduplication ? { deduplication: options.deduplication } : {}),
      });
    });
  }

  queue(name: string): Queue {
    return this.registry.get(name);
  }

  events(name: string): QueueEvents {
    return this.registry.events(name);
  }
}
