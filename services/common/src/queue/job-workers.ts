import { Jobs, parseJobPayload, type JobName, type JobPayload } from '@domestique/proto';
import { UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Logger } from '../logging/logger.js';
import type { RedisClient } from '../redis/redis-connection.js';
import { newCorrelationId, runWithContext } from '../logging/request-context.js';
import { timeJob } from '../metrics/job-metrics.js';
import { traceJob } from '../tracing/spans.js';

export type JobHandler<N extends JobName> = (data: JobPayload<N>, job: Job) => Promise<unknown>;

export type QueueWorkerOptions = Partial<
  Pick<WorkerOptions, 'concurrency' | 'limiter' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>
>;

/**
 * Consumers of the job queues: one BullMQ Worker per queue that has handlers, dispatching by job
 * name. Payloads are validated against their contract; a payload that does not match is
 * unrecoverable, anything a handler throws is retried with the job's backoff.
 */
export class JobWorkers {
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly connection: RedisClient,
    private readonly logger: Logger,
    private readonly prefix: string,
  ) {}

  on<N extends JobName>(name: N, handler: JobHandler<N>): this {
    if (this.handlers.has(name)) throw new Error(`Two handlers for job ${name}`);
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
    return this;
  }

  start(options: Record<string, QueueWorkerOptions> = {}): void {
    const queues = new Set([...this.handlers.keys()].map((name) => Jobs[name].queue));
    for (const queue of queues) {
      const run = (job: Job) => timeJob(queue, job, () => traceJob(queue, job, () => this.process(job)));
      const worker = new Worker(queue, run, {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: 2,
        skipVersionCheck: true,
        ...options[queue],
      });
      worker.on('failed', (job, error) =>
        this.logger.warn(
          { err: error, jobId: job?.id, name: job?.name, attempts: job?.attemptsMade },
          'Job failed',
        ),
      );
      worker.on('error', (error) => this.logger.warn({ err: error, queue }, 'Job worker connection error'));
      this.workers.push(worker);
    }
  }

  async process(job: Job): Promise<unknown> {
    const name = job.name as JobName;
    const handler = this.handlers.get(name);
    if (!handler) throw new UnrecoverableError(`No handler for job ${job.name}`);
    let data: JobPayload<JobName>;
    try {
      data = parseJobPayload(name, job.data);
    } catch (error) {
      this.logger.error({ err: error, jobId: job.id, name }, 'Malformed job payload; dropping it');
      throw new UnrecoverableError(`Malformed job payload: ${(error as Error).message}`);
    }
    const correlationId = (job.data as { correlationId?: string }).correlationId ?? newCorrelationId();
    return runWithContext({ correlationId }, () => handler(data, job));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
