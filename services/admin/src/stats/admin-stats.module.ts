import { Module } from '@nestjs/common';
import { UpstreamsModule } from '../upstreams/upstreams.module.js';
import { AdminStatsController } from './admin-stats.controller.js';
import { AdminStatsResolver } from './admin-stats.resolver.js';
import { AdminStatsService } from './admin-stats.service.js';

@Module({
  imports: [UpstreamsModule],
  controllers: [AdminStatsController],
  providers: [AdminStatsService, AdminStatsResolver],
})
export class AdminStatsModule {}
