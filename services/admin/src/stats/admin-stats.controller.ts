import { Controller, Get } from '@nestjs/common';
import { Access } from '@domestique/common';
import type { AdminStatsDto } from '@domestique/proto';
import { AdminStatsService } from './admin-stats.service.js';

@Controller('api/admin/stats')
@Access('admin')
export class AdminStatsController {
  constructor(private readonly stats: AdminStatsService) {}

  @Get()
  get(): Promise<AdminStatsDto> {
    return this.stats.stats();
  }
}
