/** What the simulator keeps of each Stripe object; render.ts turns them into Stripe's JSON shapes. */
export type Metadata = Record<string, string>;

export interface PriceRecord {
  id: string;
  product: string;
  productName: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  created: number;
}

export interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
}

export interface CouponRecord {
  id: string;
  created: number;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
  maxRedemptions: number | null;
  redeemBy: number | null;
  timesRedeemed: number;
  metadata: Metadata;
}

export interface CheckoutSessionRecord {
  id: string;
  created: number;
  expiresAt: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  lineItems: { price: string; quantity: number }[];
  coupon: string | null;
  trialPeriodDays: number | null;
  subscriptionMetadata: Metadata;
  successUrl: string;
  cancelUrl: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  subscription: string | null;
  invoice: string | null;
}

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid';

export interface SubscriptionRecord {
  id: string;
  created: number;
  customer: string;
  status: SubscriptionStatus;
  price: string;
  quantity: number;
  itemId: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: 'cancellation_requested' | 'payment_failed' | null;
  trialStart: number | null;
  trialEnd: number | null;
  /** the discount attached now (id), if any */
  discount: string | null;
  latestInvoice: string | null;
  metadata: Metadata;
}

export interface DiscountRecord {
  id: string;
  coupon: string;
  customer: string;
  subscription: string;
  checkoutSession: string | null;
  start: number;
  end: number | null;
  /** invoices it has reduced (a `once` coupon comes off after the first) */
  invoicesApplied: number;
}

export interface InvoiceRecord {
  id: string;
  number: string;
  created: number;
  customer: string;
  customerEmail: string | null;
  subscription: string;
  subscriptionMetadata: Metadata;
  billingReason: 'subscription_create' | 'subscription_cycle';
  price: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  subtotal: number;
  discount: string | null;
  discountAmount: number;
  total: number;
  amountPaid: number;
  status: 'paid' | 'open' | 'void';
  paidAt: number | null;
  attemptCount: number;
}

export interface PortalSessionRecord {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
