import {
  CommonErrorCode,
  PatternEnvelope,
  type PatternDefinition,
  type PatternReply,
  type PatternResponse,
} from '@domestique/proto';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  DomainException,
  forbidden,
  GENERIC_ERROR_MESSAGE,
  unauthenticated,
} from '../errors/domain.exception.js';
import { parseOrThrow } from '../http/zod.pipe.js';
import { verifyIdentity } from '../identity/internal-token.js';
import { acceptCorrelationId, runWithContext } from '../logging/request-context.js';

export interface AnswerOptions {
  secret: string;
  logger?: Logger;
}

export type PatternHandler<P extends PatternDefinition> = (
  request: z.infer<P['request']>,
) => Promise<PatternResponse<P>> | PatternResponse<P>;

/**
 * Answers one message of a pattern: only a signed `system` identity of one of the pattern's callers
 * (401 unsigned or forged, 403 another service), only a request its schema accepts (400 with the
 * first problem), and only an answer its schema accepts. Domain errors travel back to the caller as
 * they are; anything else is logged and answered as a 500, which the caller turns into a 503.
 */
export const answerPattern = async <P extends PatternDefinition>(
  pattern: P,
  message: unknown,
  handle: PatternHandler<P>,
  { secret, logger }: AnswerOptions,
): Promise<PatternReply> => {
  const envelope = PatternEnvelope.safeParse(message);
  const correlationId = acceptCorrelationId(envelope.success ? envelope.data.correlationId : undefined);
  return runWithContext({ correlationId }, async (): Promise<PatternReply> => {
    try {
      if (!envelope.success) throw unauthenticated();
      const identity = await verifyIdentity(envelope.data.identity, secret).catch(() => {
        throw unauthenticated();
      });
      if (identity.role !== 'system' || !pattern.callers.some((caller) => caller === identity.service))
        throw forbidden();
      const request = parseOrThrow(pattern.request, envelope.data.payload) as z.infer<P['request']>;
      return { ok: true, data: pattern.response.parse(await handle(request)) };
    } catch (error) {
      if (error instanceof DomainException)
        return { ok: false, status: error.status, code: error.code, message: error.message };
      logger?.error({ err: error, pattern: pattern.name }, 'Pattern handler failed');
      return { ok: false, status: 500, code: CommonErrorCode.Internal, message: GENERIC_ERROR_MESSAGE };
    }
  });
};
