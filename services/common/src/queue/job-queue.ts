import { Jobs, type JobName, type JobPayload } from '@domestique/proto';
import { Job, Queue, QueueEvents, type DeduplicationOptions, type JobsOptions } from 'bullmq';
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

  /**
   * How the job ended, waited for up to `boundMs`: its state is read at once, again on each of its
   * completion or failure events, and every `pollMs` should an event be missed (a QueueEvents reader
   * not yet blocking on the stream, a Redis reconnection), so a finished job is never waited on
   * until the bound. `gone`: removed meanwhile (replaced by a newer job of the same id).
   */
  async waitUntilFinished(job: Job, boundMs: number, pollMs = 1000): Promise<JobEnd> {
    const queue = this.queue(job.queueName);
    const id = job.id!;
    const events = this.events(job.queueName);
    // per-job event names (`completed:<id>`) are emitted by QueueEvents but not in its typed map
    const emitter = events as unknown as NodeJS.EventEmitter;
    let heard: boolean;
    let wake = () => undefined as void;
    const onEvent = () => {
      heard = true;
      wake();
    };
    emitter.on(`completed:${id}`, onEvent);
    emitter.on(`failed:${id}`, onEvent);
    try {
      await events.waitUntilReady().catch(() => undefined);
      const until = Date.now() + boundMs;
      for (;;) {
        heard = false;
        const end = await endOf(queue, id);
        if (end) return end;
        const left = until - Date.now();
        if (left <= 0) return { state: 'timed-out' };
        if (heard) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(pollMs, left));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      emitter.off(`completed:${id}`, onEvent);
      emitter.off(`failed:${id}`, onEvent);
    }
  }
}

/** The job's end as its state says now; undefined while it waits or runs. */
const endOf = async (queue: Queue, id: string): Promise<JobEnd | undefined> => {
  const state = await queue.getJobState(id).catch(() => undefined);
  if (state === 'unknown') return { state: 'gone' };
  if (state === 'failed') return { state: 'failed' };
  if (state !== 'completed') return undefined;
  const finished = await Job.fromId(queue, id).catch(() => undefined);
  return finished ? { state: 'completed', value: finished.returnvalue } : { state: 'gone' };
};

/** How a waited-for job ended (JobQueue.waitUntilFinished). */
export type JobEnd =
  { state: 'completed'; value: unknown } | { state: 'failed' } | { state: 'gone' } | { state: 'timed-out' };
