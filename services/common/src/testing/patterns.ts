import {
  SERVICE_NAMES,
  type PatternDefinition,
  type PatternReply,
  type ServiceName,
} from '@domestique/proto';
import { firstValueFrom, timeout } from 'rxjs';
import { signIdentity } from '../identity/internal-token.js';
import { PatternClient } from '../messaging/pattern-client.js';
import { PatternClientTransport } from '../messaging/redis-transport.js';

/** Where a test's patterns travel: the Redis, prefix and secret of the service under test. */
export interface PatternTestConfig {
  REDIS_URL: string;
  REDIS_PREFIX: string;
  INTERNAL_JWT_SECRET: string;
}

/** A pattern client as `caller`, on the service under test's Redis prefix (`timeoutMs`: every pattern's bound). */
export const testPatternClient = (config: PatternTestConfig, caller: ServiceName, timeoutMs?: number) =>
  new PatternClient({
    caller,
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    secret: config.INTERNAL_JWT_SECRET,
    timeoutMs,
  });

/** Sends a message as it is (no signing, no request check) and answers the responder's raw reply. */
export const sendRawPattern = async (
  config: PatternTestConfig,
  pattern: PatternDefinition,
  message: unknown,
  timeoutMs = 5_000,
): Promise<unknown> => {
  const transport = new PatternClientTransport({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  try {
    return await firstValueFrom(transport.send(pattern.name, message).pipe(timeout({ first: timeoutMs })));
  } finally {
    await transport.close();
  }
};

/**
 * What a responder answers to callers it must refuse: no identity, an unsigned one, one signed with
 * another secret (forged), a rider's, another service's, and an allowed caller's invalid request.
 */
export const patternRefusals = async (
  config: PatternTestConfig,
  pattern: PatternDefinition,
  { payload, invalidPayload }: { payload: unknown; invalidPayload: unknown },
): Promise<Record<string, PatternReply>> => {
  const caller = pattern.callers[0]!;
  const stranger = SERVICE_NAMES.find(
    (name) => name !== pattern.responder && !pattern.callers.includes(name),
  )!;
  const secret = config.INTERNAL_JWT_SECRET;
  const send = (message: unknown) => sendRawPattern(config, pattern, message) as Promise<PatternReply>;
  return {
    noIdentity: await send({ payload }),
    unsigned: await send({ identity: 'not-a-signed-token', payload }),
    forged: await send({
      identity: await signIdentity({ role: 'system', service: caller }, `forged-${secret}`),
      payload,
    }),
    rider: await send({
      identity: await signIdentity({ role: 'user', userId: crypto.randomUUID(), tier: 'elite' }, secret),
      payload,
    }),
    otherService: await send({
      identity: await signIdentity({ role: 'system', service: stranger }, secret),
      payload,
    }),
    invalidPayload: await send({
      identity: await signIdentity({ role: 'system', service: caller }, secret),
      payload: invalidPayload,
    }),
  };
};

/** The replies patternRefusals expects (the invalid request's message is the pattern's own). */
export const expectedRefusals = (invalidMessage: string) => ({
  noIdentity: { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Authentication required' },
  unsigned: { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Authentication required' },
  forged: { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Authentication required' },
  rider: { ok: false, status: 403, code: 'FORBIDDEN', message: 'You do not have access to this' },
  otherService: { ok: false, status: 403, code: 'FORBIDDEN', message: 'You do not have access to this' },
  invalidPayload: { ok: false, status: 400, code: 'BAD_REQUEST', message: invalidMessage },
});
