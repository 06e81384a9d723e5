import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { tooManyRequests, type GraphQLRequestContext } from '@domestique/common';
import type { Request, Response } from 'express';
import { tooManyAttemptsMessage } from './rate-limits.js';

/** What the abuse protection reads of a REST or GraphQL call. */
export interface RequestParts {
  /**
   * The client's address, as the gateway forwards it in X-Forwarded-For (Express's req.ip trusts
   * the one hop the gateway sets: SERVICE_TRUST_PROXY in common's bootstrap). Without the header the caller is the gateway or another service
   * itself, whose own address stands for no client: counting it would make every rider share one
   * allowance, so such a call is limited per account only.
   */
  ip: string | undefined;
  /** the JSON body (REST) or the `input` argument (GraphQL), before validation */
  payload: unknown;
  response: Pick<Response, 'setHeader'> | undefined;
}

const clientIpOf = (req: Request): string | undefined =>
  req.headers['x-forwarded-for'] ? req.ip : undefined;

export const requestPartsOf = (context: ExecutionContext): RequestParts => {
  if (context.getType<string>() === 'graphql') {
    const gql = GqlExecutionContext.create(context);
    const req = gql.getContext<GraphQLRequestContext>().req;
    return { ip: clientIpOf(req), payload: gql.getArgs<{ input?: unknown }>().input, response: req.res };
  }
  const http = context.switchToHttp();
  const req = http.getRequest<Request>();
  return { ip: clientIpOf(req), payload: req.body as unknown, response: http.getResponse<Response>() };
};

/** The 429 of every limit: Retry-After in whole seconds (at least 1) and a message saying how long. */
export const tooManyAttempts = (response: RequestParts['response'], retryAfterSeconds: number): Error => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  response?.setHeader('Retry-After', String(seconds));
  return tooManyRequests(tooManyAttemptsMessage(seconds));
};
