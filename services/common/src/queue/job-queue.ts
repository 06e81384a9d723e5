import { Jobs, type JobName, type JobPayload } from '@domestique/proto';
import { Queue, QueueEvents, type DeduplicationOptions, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { currentCorrelationId } from '../logging/request-context.js';

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** One BullMQ Queue object per queue name, sharing the producer connection. */
export class QueueRegistry {
  private readonly queues = new Map<string, Queue>();
  private readonly listeners = new Map<string, { events: QueueEvents; connection: Redis }>();

  constructor(
    private readonly connection: Redis,
    /** the Redis key namespace (REDIS_PREFIX) */
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
      const connection = this.connection.duplicate({ maxRetriesPerRequest: null });
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

  async enqueue<N extends JobName>(name: N, data: JobPayload<N>, options: EnqueueOptions = {}) {
    const definition = Jobs[name];
    const payload = {
      ...(definition.schema.parse(data) as object),
      v: definition.version,
      correlationId: (data as { correlationId?: string }).correlationId ?? currentCorrelationId(),
    };
    return this.registry.get(definition.queue).add(name, payload, {
      ...DEFAULT_JOB_OPTIONS,
      ...(options.attempts ? { attempts: options.attempts } : {}),
      ...(options.jobId ? { jobId: options.jobId } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
      ...(options.delay ? { delay: options.delay } : {}),
      ...(options.deduplication ? { deduplication: options.deduplication } : {}),
    });
  }

  queue(name: string): Queue {
    return this.registry.get(name);
  }

  events(name: string): QueueEvents {
    return this.registry.events(name);
  }
}
