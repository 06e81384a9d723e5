import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MonthlyAnalysisQuotaController } from './monthly-analysis-quota.controller.js';
import { MonthlyAnalysisQuotaRepository } from './monthly-analysis-quota.repository.js';
import { MonthlyAnalysisQuotaResolver } from './monthly-analysis-quota.resolver.js';
import { MonthlyAnalysisQuotaService } from './monthly-analysis-quota.service.js';
import { MonthlyAnalysisUsageEntity } from './monthly-analysis-usage.entity.js';
import { QuotaAccountsHandler } from './quota-accounts.handler.js';

@Module({
  imports: [TypeOrmModule.forFeature([MonthlyAnalysisUsageEntity])],
  controllers: [MonthlyAnalysisQuotaController],
  providers: [
    MonthlyAnalysisQuotaRepository,
    MonthlyAnalysisQuotaService,
    MonthlyAnalysisQuotaResolver,
    QuotaAccountsHandler,
  ],
  exports: [MonthlyAnalysisQuotaService],
})
export class QuotaModule {}
