import { Args, Context, Mutation, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { Access, CurrentIdentity, parseOrThrow, type GraphQLRequestContext } from '@domestique/common';
import { LoginRequest, RegisterRequest, type Identity, type UserDto } from '@domestique/proto';
import { RateLimited } from '../throttling/rate-limit.guard.js';
import { SessionGrants } from './session-grants.js';
import { toUserDto } from './user.mapper.js';
import { LoginInput, RegisterInput, UserModel } from './user.model.js';
import { UsersService } from './users.service.js';

/** The GraphQL side of the same operations as AuthController. */
@Resolver(() => UserModel)
export class AuthResolver {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionGrants,
  ) {}

  @Query(() => UserModel, { nullable: true, description: 'The signed-in user, or null' })
  @Access('anyone')
  async me(@CurrentIdentity() identity: Identity): Promise<UserDto | null> {
    if (identity.role !== 'user') return null;
    const user = await this.users.findById(identity.userId);
    return user ? toUserDto(user) : null;
  }

  @Mutation(() => UserModel)
  @Access('anyone')
  @RateLimited('register')
  async register(
    @Args('input') input: RegisterInput,
    @Context() context: GraphQLRequestContext,
  ): Promise<UserDto> {
    const user = await this.users.register(parseOrThrow(RegisterRequest, { ...input }));
    await this.sessions.startUserSession(context.req.res!, user);
    return toUserDto(user);
  }

  @Mutation(() => UserModel)
  @Access('anyone')
  @RateLimited('login')
  async login(@Args('input') input: LoginInput, @Context() context: GraphQLRequestContext): Promise<UserDto> {
    const user = await this.users.login(parseOrThrow(LoginRequest, { ...input }));
    await this.sessions.startUserSession(context.req.res!, user);
    return toUserDto(user);
  }

  @Mutation(() => Boolean)
  @Access('anyone')
  logout(@Context() context: GraphQLRequestContext): boolean {
    this.sessions.endCurrentSession(context.req.res!);
    return true;
  }

  /** Federation: other subgraphs reference users by id (system and admin callers, or the user themself). */
  @ResolveReference()
  @Access('user', 'admin', 'system')
  async resolveReference(reference: { id: string }): Promise<UserDto | null> {
    const user = await this.users.findById(reference.id);
    return user ? toUserDto(user) : null;
  }
}
