import { CreateBillingCustomers1795652477488 } from './1795652477488-CreateBillingCustomers.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [CreateBillingCustomers1795652477488];
