import { Controller, Get } from '@nestjs/common';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { RideDto } from '@domestique/proto';
import { RidesService } from './rides.service.js';

@Controller('api/rides')
export class RidesController {
  constructor(private readonly rides: RidesService) {}

  @Get()
  @Access('user')
  list(@CurrentUser() user: CurrentUserInfo): Promise<RideDto[]> {
    return this.rides.list(user.userId);
  }
}
