import {
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Access, forbidden, notFound, requestOf, ZodPipe } from '@domestique/common';
import {
  BillingErrorCode,
  BillingMessages,
  SetTierRequest,
  type MonthlyRevenueDto,
  type TierChangeDto,
} from '@domestique/proto';
import { SubscriptionsService } from './subscriptions.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** After the global access guard (`system` only): the system caller must be the admin service. */
@Injectable()
export class AdminServiceCallerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const identity = requestOf(context).identity;
    if (identity?.role === 'system' && identity.service === 'admin') return true;
    throw forbidden('Only the admin service calls this');
  }
}

/**
 * Billing's admin API answers only the admin service's own signed calls (it audits every change):
 * never an admin session forwarded by the gateway, a rider, or another service. The gateway does
 * not route /api/billing at all.
 */
export const AdminServiceOnly = () => applyDecorators(Access('system'), UseGuards(AdminServiceCallerGuard));

/** For the admin service (not routed by the gateway): a rider's tier, and monthly revenue. */
@Controller('api/billing/admin')
@AdminServiceOnly()
export class AdminBillingController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post('users/:userId/tier')
  @HttpCode(200)
  setTier(
    @Param('userId') userId: string,
    @Body(new ZodPipe(SetTierRequest)) body: SetTierRequest,
  ): Promise<TierChangeDto> {
    if (!UUID.test(userId)) throw notFound(BillingMessages.userNotFound, BillingErrorCode.UserNotFound);
    return this.subscriptions.setTierByAdmin(userId, body.subscriptionTier);
  }

  @Get('revenue')
  revenue(): Promise<MonthlyRevenueDto> {
    return this.subscriptions.revenue();
  }
}
