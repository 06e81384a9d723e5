import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingCustomerEntity } from './billing-customer.entity.js';
import { BillingCustomersRepository } from './billing-customers.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([BillingCustomerEntity])],
  providers: [BillingCustomersRepository],
  exports: [BillingCustomersRepository],
})
export class CustomersModule {}
