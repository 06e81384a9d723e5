import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Per-request (or per-job) context that travels through async calls: the correlation id. */
export interface RequestContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runWithContext = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

export const currentContext = (): RequestContext | undefined => storage.getStore();

export const currentCorrelationId = (): string | undefined => storage.getStore()?.correlationId;

export const newCorrelationId = (): string => randomUUID();

/** A safe correlation id from a header: short, printable, else a fresh one. */
export const acceptCorrelationId = (value: unknown): string =>
  typeof value === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : newCorrelationId();
