import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainException, LOGGER, type Logger } from '@domestique/common';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { accountKeyOf, clientKeyOf, type RateLimitedAction, type RateLimits } from './rate-limits.js';
import { requestPartsOf, tooManyAttempts } from './request-parts.js';
import { SignInAttempts, type SignInOutcome } from './sign-in-attempts.js';
import { RATE_LIMIT_ACTION, RATE_LIMITS } from './throttling.tokens.js';

/** A sign-in refused with 401 checked the password and found it wrong (or the account unknown). */
const outcomeOf = (error: unknown): SignInOutcome =>
  error instanceof DomainException && error.status === 401 ? 'wrong-password' : 'unchecked';

/**
 * The lockout of a sign-in (a @RateLimited action with a `lockout`): before the call, refuses with
 * 429 and Retry-After while this client must wait for this account, or the account has reached its
 * ceiling; after it, a success clears the pair. It runs before validation, so a malformed attempt
 * that names an account is also refused while its client waits (it counts no failure).
 */
@Injectable()
export class SignInLockoutInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMITS) private readonly limits: RateLimits,
    private readonly attempts: SignInAttempts,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const action = this.reflector.get<RateLimitedAction | undefined>(RATE_LIMIT_ACTION, context.getHandler());
    const limit = action ? this.limits[action] : undefined;
    const { ip, payload, response } = requestPartsOf(context);
    const account = limit && accountKeyOf(payload, limit.accountField);
    if (!action || !limit?.lockout || !account) return next.handle();
    const { lockout } = limit;
    const client = clientKeyOf(ip);

    const turn = await this.attempts.start(action, lockout, account, client);
    if (!turn.allowed) throw tooManyAttempts(response, turn.retryAfterMs / 1000);

    const finish = (outcome: SignInOutcome) =>
      this.attempts.finish(action, lockout, account, client, outcome);
    return next.handle().pipe(
      mergeMap((result) =>
        from(
          finish('signed-in').then(
            () => result,
            // the rider is signed in already: a count left behind must not turn that into an error
            (error: unknown) => {
              this.logger.warn({ err: error, action }, 'Could not clear the sign-in failures of a pair');
              return result;
            },
          ),
        ),
      ),
      catchError(async (error: unknown) => {
        await finish(outcomeOf(error));
        throw error;
      }),
    );
  }
}
