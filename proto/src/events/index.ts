import { z } from 'zod';
import type { EventSubscriber } from '../services.js';
import { AdminEvents } from './admin.events.js';
import { AnalysisEvents } from './analysis.events.js';
import { AuthEvents } from './auth.events.js';
import { BillingEvents } from './billing.events.js';
import { RidesEvents } from './rides.events.js';

export { defineEvent, type EventDefinition } from './define.js';

/**
 * Every event of the system: frozen name -> payload schema, version and subscribers.
 * Renaming a key strands events already queued; add a new name instead.
 */
export const Events = {
  ...AuthEvents,
  ...RidesEvents,
  ...AnalysisEvents,
  ...BillingEvents,
  ...AdminEvents,
} as const;

export type Events = typeof Events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.infer<Events[N]['schema']>;

export interface EventEnvelope<N extends EventName = EventName> {
  /** unique per event; consumers dedupe on it */
  id: string;
  name: N;
  version: number;
  occurredAt: string;
  correlationId?: string;
  payload: EventPayload<N>;
}

export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  correlationId: z.string().optional(),
  payload: z.unknown(),
});

export const isEventName = (name: string): name is EventName => Object.hasOwn(Events, name);

/** The durable queue that holds one subscriber's copy of every event it subscribes to. */
export const eventQueueName = (subscriber: EventSubscriber): string => `events.${subscriber}`;

/** The events a subscriber receives. */
export const eventsFor = (subscriber: EventSubscriber): EventName[] =>
  (Object.keys(Events) as EventName[]).filter((name) =>
    (Events[name].subscribers as readonly EventSubscriber[]).includes(subscriber),
  );

/**
 * Validates an envelope taken from a queue: a known name, a supported version and a payload that
 * matches the schema. Throws a descriptive error otherwise (the consumer treats it as unrecoverable).
 */
export const parseEventEnvelope = (raw: unknown): EventEnvelope => {
  const envelope = EventEnvelopeSchema.parse(raw);
  if (!isEventName(envelope.name)) throw new Error(`Unknown event "${envelope.name}"`);
  const definition = Events[envelope.name];
  if (envelope.version > definition.version) {
    throw new Error(
      `Event ${envelope.name} v${envelope.version} is newer than supported v${definition.version}`,
    );
  }
  const payload: unknown = definition.schema.parse(envelope.payload);
  return { ...envelope, name: envelope.name, payload } as EventEnvelope;
};
