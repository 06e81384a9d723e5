import { Events, type EventName, type EventPayload } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { currentCorrelationId } from '../logging/request-context.js';
import { OutboxEventEntity } from './outbox-event.entity.js';

/**
 * Publishes a domain event as part of the caller's transaction. The payload is checked against its
 * contract at compile time (the typed map) and at run time (the schema) before it is stored.
 */
export class EventPublisher {
  private readonly listeners = new Set<() => void>();

  async publish<N extends EventName>(
    manager: EntityManager,
    name: N,
    payload: EventPayload<N>,
  ): Promise<string> {
    const definition = Events[name];
    const parsed = definition.schema.parse(payload) as object;
    const id = randomUUID();
    await manager.insert(OutboxEventEntity, {
      id,
      name,
      version: definition.version,
      payload: parsed,
      correlationId: currentCorrelationId() ?? null,
      occurredAt: new Date(),
      publishedAt: null,
    });
    for (const listener of this.listeners) listener();
    return id;
  }

  /** The relay subscribes here to be woken soon after a publish. */
  onPublished(listener: () => void): void {
    this.listeners.add(listener);
  }
}
