import { Jobs, type JobName, type JobPayload } from '@domestique/proto';
import { Queue, type JobsOptions } from 'bullmq';
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

  async closeAll(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}

export interface EnqueueOptions {
  /** idempotency key: a job with the same id is not added twice while it exists */
  jobId?: string;
  priority?: number;
  delay?: number;
  attempts?: number;
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
    });
  }

  queue(name: string): Queue {
    return this.registry.get(name);
  }
}
