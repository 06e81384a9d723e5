import { Module } from '@nestjs/common';
import { AuthDirectoryClient } from './auth-directory.client.js';
import { BillingAdminClient } from './billing-admin.client.js';
import { RideCountsClient } from './ride-counts.client.js';

/** The owning services' message patterns, the only way the admin service reaches their data. */
@Module({
  providers: [AuthDirectoryClient, RideCountsClient, BillingAdminClient],
  exports: [AuthDirectoryClient, RideCountsClient, BillingAdminClient],
})
export class UpstreamsModule {}
