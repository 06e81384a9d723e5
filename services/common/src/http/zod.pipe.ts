import { Injectable, type PipeTransform } from '@nestjs/common';
import { firstIssueMessage } from '@domestique/proto';
import type { z } from 'zod';
import { badRequest } from '../errors/domain.exception.js';

/** Parses a value with a contract schema from proto; a failure is a 400 with the first problem's message. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
};

/** `@Body(new ZodPipe(RegisterRequest)) body: RegisterRequest` */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
