import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { Access, CurrentUser, ZodPipe, type CurrentUserInfo } from '@domestique/common';
import { LoginRequest, RegisterRequest, type UserDto } from '@domestique/proto';
import type { Response } from 'express';
import { RateLimited } from '../throttling/rate-limit.guard.js';
import { SessionGrants } from './session-grants.js';
import { toUserDto } from './user.mapper.js';
import { UsersService } from './users.service.js';

/** Spec section 7: /api/auth/register, /login, /user, /logout. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionGrants,
  ) {}

  @Post('register')
  @Access('anyone')
  @RateLimited('register')
  @HttpCode(201)
  async register(
    @Body(new ZodPipe(RegisterRequest)) body: RegisterRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDto> {
    const user = await this.users.register(body);
    await this.sessions.startUserSession(res, user);
    return toUserDto(user);
  }

  @Post('login')
  @Access('anyone')
  @RateLimited('login')
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(LoginRequest)) body: LoginRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDto> {
    const user = await this.users.login(body);
    await this.sessions.startUserSession(res, user);
    return toUserDto(user);
  }

  @Get('user')
  @Access('user')
  async user(@CurrentUser() current: CurrentUserInfo): Promise<UserDto> {
    return toUserDto(await this.users.current(current.userId));
  }

  @Post('logout')
  @Access('anyone')
  @HttpCode(200)
  logout(@Res({ passthrough: true }) res: Response): { message: string } {
    this.sessions.endCurrentSession(res);
    return { message: 'Signed out' };
  }
}
