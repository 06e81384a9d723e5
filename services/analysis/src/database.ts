import { migrations } from './migrations/index.js';
import { MonthlyAnalysisUsageEntity } from './quota/monthly-analysis-usage.entity.js';

/** The analysis schema's entities and committed migrations. */
export const analysisDatabase = { entities: [MonthlyAnalysisUsageEntity], migrations };
