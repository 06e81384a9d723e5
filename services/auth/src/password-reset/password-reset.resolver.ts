import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Access, parseOrThrow, type GraphQLRequestContext } from '@domestique/common';
import { ForgotPasswordRequest, ResetPasswordRequest } from '@domestique/proto';
import { RateLimited } from '../throttling/rate-limit.guard.js';
import { SessionGrants } from '../users/session-grants.js';
import { PasswordResetService } from './password-reset.service.js';
import { ForgotPasswordInput, ResetPasswordInput } from './password-reset.model.js';

/** The GraphQL side of PasswordResetController. */
@Resolver()
export class PasswordResetResolver {
  constructor(
    private readonly reset: PasswordResetService,
    private readonly sessions: SessionGrants,
  ) {}

  @Mutation(() => Boolean, {
    description: 'Emails a reset link if the account exists; answers true either way',
  })
  @Access('anyone')
  @RateLimited('forgot-password')
  async forgotPassword(@Args('input') input: ForgotPasswordInput): Promise<boolean> {
    await this.reset.requestReset(parseOrThrow(ForgotPasswordRequest, { ...input }));
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sets a new password with a reset link token; ends every session' })
  @Access('anyone')
  async resetPassword(
    @Args('input') input: ResetPasswordInput,
    @Context() context: GraphQLRequestContext,
  ): Promise<boolean> {
    const userId = await this.reset.resetPassword(parseOrThrow(ResetPasswordRequest, { ...input }));
    await this.sessions.endEverySession(context.req.res!, userId);
    return true;
  }
}
