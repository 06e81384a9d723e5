import { z } from 'zod';
import type { EventSubscriber } from '../services.js';

/**
 * One event: its payload schema, its version, and the consumers that get a durable copy of it
 * (one BullMQ queue per subscriber, so a consumer that is down receives it when it comes back).
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  version: number;
  schema: S;
  subscribers: readonly EventSubscriber[];
}

export const defineEvent = <S extends z.ZodType>(definition: EventDefinition<S>): EventDefinition<S> =>
  definition;

export const uuid = z.uuid();
export const isoDateTime = z.iso.datetime({ offset: true });
