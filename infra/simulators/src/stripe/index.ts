export {
  DEFAULT_PRICES,
  DEFAULT_SECRET_KEY,
  DEFAULT_WEBHOOK_SECRET,
  startStripeSimulator,
  type StripeSimulator,
  type StripeSimulatorControl,
  type StripeSimulatorOptions,
} from './server.js';
export { signPayload, type DeliveryAttempt, type EventDelivery } from './webhooks.js';
export type { PriceSeed } from './state.js';
export type { StripeEvent } from './records.js';
