import { z } from 'zod';

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** the BullMQ queue that carries it (one consumer) */
  queue: string;
  version: number;
  schema: S;
}

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> => definition;

export const uuid = z.uuid();
