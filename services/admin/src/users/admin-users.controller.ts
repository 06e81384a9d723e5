import { Body, Controller, Delete, Get, Param, Patch, Query, Res } from '@nestjs/common';
import { Access, ZodPipe } from '@domestique/common';
import {
  AdminSetTierRequest,
  AdminUsersQuery,
  type AdminTierChangeDto,
  type AdminUserDto,
  type UserDeletionDto,
} from '@domestique/proto';
import type { Response } from 'express';
import { CurrentAdmin, type CurrentAdminInfo } from '../audit/current-admin.js';
import { SessionRevocation } from '../deletions/session-revocation.js';
import { UserDeletionsService } from '../deletions/user-deletions.service.js';
import { AdminUsersService } from './admin-users.service.js';

/** Spec section 7: the admin's users (admin sessions only). */
@Controller('api/admin/users')
@Access('admin')
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly deletions: UserDeletionsService,
    private readonly sessions: SessionRevocation,
  ) {}

  /** Every user with totalRides and totalAiFeedback; X-Total-Count says how many match in all. */
  @Get()
  async list(
    @Query(new ZodPipe(AdminUsersQuery)) query: AdminUsersQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminUserDto[]> {
    const { users, total } = await this.users.list(query);
    res.setHeader('x-total-count', String(total));
    return users;
  }

  @Patch(':id')
  setTier(
    @CurrentAdmin() admin: CurrentAdminInfo,
    @Param('id') userId: string,
    @Body(new ZodPipe(AdminSetTierRequest)) body: AdminSetTierRequest,
  ): Promise<AdminTierChangeDto> {
    return this.users.setTier(admin, userId, body.subscriptionTier);
  }

  /**
   * Permanent; answers at once with the deletion's progress (poll GET {id}/deletion). The answer
   * carries the directive that ends every session of the user before the gateway relays it.
   */
  @Delete(':id')
  async delete(
    @CurrentAdmin() admin: CurrentAdminInfo,
    @Param('id') userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDeletionDto> {
    const deletion = await this.deletions.request(admin, userId);
    await this.sessions.endEverySession(res, deletion.userId);
    return deletion;
  }

  @Get(':id/deletion')
  deletion(@Param('id') userId: string): Promise<UserDeletionDto> {
    return this.deletions.status(userId);
  }
}
