import { Events, eventQueueName, isEventName, type EventEnvelope } from '@domestique/proto';
import type { DataSource } from 'typeorm';
import type { Logger } from '../logging/logger.js';
import type { QueueRegistry } from '../queue/job-queue.js';
import type { EventPublisher } from './event-publisher.js';
import { OutboxEventEntity } from './outbox-event.entity.js';

const BATCH = 100;

/** Event copies in subscriber queues: kept a day once handled, a week when they failed for good. */
const EVENT_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * Moves committed outbox rows into one durable queue per subscriber, then marks them published.
 * Safe with several replicas (rows are claimed with SKIP LOCKED) and across Redis outages (a failed
 * batch rolls back and is retried; the event id is the job id, so a retry never duplicates).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
  ) {}

  start(publisher?: EventPublisher): void {
    this.stopped = false;
    publisher?.onPublished(() => setTimeout(() => this.kick(), 15).unref());
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a relay pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Outbox relay pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Relays until the outbox is empty; returns how many events were published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.relayBatch();
      total += count;
      if (count < BATCH) return total;
    }
  }

  private async relayBatch(): Promise<number> {
    if (!this.dataSource.isInitialized) return 0;
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxEventEntity, 'event')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .where('event.published_at IS NULL')
        .orderBy('event.occurred_at', 'ASC')
        .limit(BATCH)
        .getMany();
      if (rows.length === 0) return 0;
      for (const row of rows) {
        if (!isEventName(row.name)) {
          this.logger.error({ eventId: row.id, name: row.name }, 'Outbox holds an unknown event; skipping');
          continue;
        }
        const envelope: EventEnvelope = {
          id: row.id,
          name: row.name,
          version: row.version,
          occurredAt: row.occurredAt.toISOString(),
          ...(row.correlationId ? { correlationId: row.correlationId } : {}),
          payload: row.payload as EventEnvelope['payload'],
        };
        for (const subscriber of Events[row.name].subscribers) {
          await this.queues
            .get(eventQueueName(subscriber))
            .add(row.name, envelope, { ...EVENT_JOB_OPTIONS, jobId: row.id });
        }
      }
      await manager
        .createQueryBuilder()
        .update(OutboxEventEntity)
        .set({ publishedAt: () => 'now()' })
        .whereInIds(rows.map((row) => row.id))
        .execute();
      await manager.query(
        `DELETE FROM ${manager.connection.driver.escape(this.schemaOf())}.outbox_events WHERE published_at < now() - interval '7 days'`,
      );
      return rows.length;
    });
  }

  private schemaOf(): string {
    return (this.dataSource.options as { schema?: string }).schema ?? 'public';
  }
}
