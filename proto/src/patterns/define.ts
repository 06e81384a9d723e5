import { z } from 'zod';
import type { ServiceName } from '../services.js';

/**
 * A question one service asks another and waits for (a message pattern on the Redis transport of
 * @nestjs/microservices): the one service that answers it, the services allowed to ask, the request
 * and answer schemas both sides validate with, and how long the caller waits before giving up.
 */
export interface PatternDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** frozen string: the pattern's channel (under the deployment's Redis prefix) */
  name: string;
  responder: ServiceName;
  callers: readonly ServiceName[];
  request: Req;
  response: Res;
  /** the caller's bound: no answer by then is a 503 `unavailable` */
  timeoutMs: number;
}

export const definePattern = <Req extends z.ZodType, Res extends z.ZodType>(
  definition: PatternDefinition<Req, Res>,
): PatternDefinition<Req, Res> => definition;

export type PatternRequest<P extends PatternDefinition> = z.input<P['request']>;
export type PatternResponse<P extends PatternDefinition> = z.infer<P['response']>;

/** What travels on the request channel: the caller's signed identity and the request. */
export const PatternEnvelope = z.strictObject({
  /** a signed internal token carrying `{ role: 'system', service: <caller> }` */
  identity: z.string().min(1),
  payload: z.unknown(),
  /** the caller's correlation id, for the responder's logs */
  correlationId: z.string().max(100).optional(),
});
export type PatternEnvelope = z.infer<typeof PatternEnvelope>;

/** What the responder answers: the data, or the domain error the caller rethrows as it is. */
export const PatternReply = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), data: z.unknown() }),
  z.strictObject({
    ok: z.literal(false),
    status: z.number().int().min(400).max(599),
    code: z.string(),
    message: z.string(),
  }),
]);
export type PatternReply = z.infer<typeof PatternReply>;

/** Requests without arguments. */
export const EmptyRequest = z.strictObject({});
