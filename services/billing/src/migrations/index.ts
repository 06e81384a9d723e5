import { CreateBillingCustomers1795652477488 } from './1795652477488-CreateBillingCustomers.js';
import { CreateSubscriptionsPromoCodesWaitlist1795655498087 } from './1795655498087-CreateSubscriptionsPromoCodesWaitlist.js';
import { SeedLandingPromoCode1795655498088 } from './1795655498088-SeedLandingPromoCode.js';
import { LandingPromoCodeFromConfig1795655498089 } from './1795655498089-LandingPromoCodeFromConfig.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [
  CreateBillingCustomers1795652477488,
  CreateSubscriptionsPromoCodesWaitlist1795655498087,
  SeedLandingPromoCode1795655498088,
  LandingPromoCodeFromConfig1795655498089,
];
