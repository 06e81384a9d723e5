import { BillingCustomerEntity } from './customers/billing-customer.entity.js';
import { migrations } from './migrations/index.js';

/** The billing schema's entities and committed migrations. */
export const billingDatabase = { entities: [BillingCustomerEntity], migrations };
