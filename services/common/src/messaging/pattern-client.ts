import {
  PatternReply,
  type ErrorCode,
  type PatternDefinition,
  type PatternRequest,
  type PatternResponse,
  type ServiceName,
} from '@domestique/proto';
import { firstValueFrom, timeout } from 'rxjs';
import type { Logger } from 'pino';
import { DomainException, unavailable } from '../errors/domain.exception.js';
import { parseOrThrow } from '../http/zod.pipe.js';
import { signIdentity } from '../identity/internal-token.js';
import { currentCorrelationId } from '../logging/request-context.js';
import { PatternClientTransport, type PatternTransportOptions } from './redis-transport.js';

export type PatternClientOptions = PatternTransportOptions & {
  /** the calling service, carried in the signed `system` identity */
  caller: ServiceName;
  secret: string;
  /** replaces every pattern's own timeout (tests) */
  timeoutMs?: number;
  logger?: Logger;
};

/**
 * Asks another service a question (a message pattern of proto/) and waits for the answer. The
 * request is validated before it leaves (a 400 with the first problem) and carries the caller's
 * signed identity and the correlation id. The responder's domain errors (404, 400, …) are rethrown
 * as they are; no answer within the pattern's timeout, a lost connection, a 5xx or an answer that
 * breaks the contract is a 503 `unavailable`. An answer arriving after its call gave up is dropped:
 * answers are matched to calls by packet id.
 */
export class PatternClient {
  private readonly transport: PatternClientTransport;

  constructor(private readonly options: PatternClientOptions) {
    // connects on the first question; connection problems are answered per call (503)
    this.transport = new PatternClientTransport(options);
  }

  async send<P extends PatternDefinition>(
    pattern: P,
    payload: PatternRequest<P>,
  ): Promise<PatternResponse<P>> {
    parseOrThrow(pattern.request, payload);
    const identity = await signIdentity(
      { role: 'system', service: this.options.caller },
      this.options.secret,
    );
    const correlationId = currentCorrelationId();
    const timeoutMs = this.options.timeoutMs ?? pattern.timeoutMs;
    let answer: unknown;
    try {
      answer = await firstValueFrom(
        this.transport
          .send<unknown>(pattern.name, { identity, payload, ...(correlationId && { correlationId }) })
          .pipe(timeout({ first: timeoutMs })),
      );
    } catch (error) {
      this.options.logger?.warn(
        { err: error, pattern: pattern.name, timeoutMs },
        'Pattern call got no answer',
      );
      throw unavailable();
    }
    const reply = PatternReply.safeParse(answer);
    if (!reply.success) throw this.broken(pattern, 'reply');
    if (!reply.data.ok) {
      if (reply.data.status >= 500) throw unavailable();
      throw new DomainException(reply.data.code as ErrorCode, reply.data.message, reply.data.status);
    }
    const data = pattern.response.safeParse(reply.data.data);
    if (!data.success) throw this.broken(pattern, 'data');
    return data.data as PatternResponse<P>;
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private broken(pattern: PatternDefinition, part: string): DomainException {
    this.options.logger?.error({ pattern: pattern.name, part }, 'Pattern answer breaks its contract');
    return unavailable();
  }
}
