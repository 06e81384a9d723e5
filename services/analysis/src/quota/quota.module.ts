import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MonthlyAnalysisQuotaController } from './monthly-analysis-quota.controller.js';
import { MonthlyAnalysisQuotaRepository } from './monthly-analysis-quota.repository.js';
import { MonthlyAnalysisQuotaResolver } from './monthly-analysis-quota.resolver.js';
import { MonthlyAnalysisQuotaService } from './monthly-analysis-quota.service.js';
import { MonthlyAnalysisUsageEntity } from './monthly-analysis-usage.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([MonthlyAnalysisUsageEntity])],
  controllers: [MonthlyAnalysisQuotaController],
  providers: [MonthlyAnalysisQuotaRepository, MonthlyAnalysisQuotaService, MonthlyAnalysisQuotaResolver],
  exports: [MonthlyAnalysisQuotaService, MonthlyAnalysisQuotaRepository],
})
export class QuotaModule {}
