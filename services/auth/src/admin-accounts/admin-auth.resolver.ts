import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentIdentity, parseOrThrow, type GraphQLRequestContext } from '@domestique/common';
import { AdminLoginRequest, type AdminAuthDto, type Identity } from '@domestique/proto';
import { RateLimited } from '../throttling/rate-limit.guard.js';
import { SessionGrants } from '../users/session-grants.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminAuthModel, AdminLoginInput } from './admin-auth.model.js';

/**
 * The GraphQL side of AdminAuthController. The admin screens send `x-domestique-realm: admin`, so
 * the gateway answers these with the admin session.
 */
@Resolver(() => AdminAuthModel)
export class AdminAuthResolver {
  constructor(
    private readonly admins: AdminAccountsService,
    private readonly sessions: SessionGrants,
  ) {}

  @Query(() => AdminAuthModel, { description: 'Whether the caller holds an admin session' })
  @Access('anyone')
  async adminAuth(@CurrentIdentity() identity: Identity): Promise<AdminAuthDto> {
    return { isAdmin: await this.admins.isAdmin(identity) };
  }

  @Mutation(() => AdminAuthModel)
  @Access('anyone')
  @RateLimited('admin-login')
  async adminLogin(
    @Args('input') input: AdminLoginInput,
    @Context() context: GraphQLRequestContext,
  ): Promise<AdminAuthDto> {
    const admin = await this.admins.login(parseOrThrow(AdminLoginRequest, { ...input }));
    await this.sessions.startAdminSession(context.req.res!, admin);
    return { isAdmin: true };
  }

  @Mutation(() => Boolean)
  @Access('anyone')
  adminLogout(@Context() context: GraphQLRequestContext): boolean {
    this.sessions.endCurrentSession(context.req.res!, 'admin');
    return true;
  }
}
