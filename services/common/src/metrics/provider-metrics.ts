import { counter, gauge, histogram } from './registry.js';
import { withClientSpan } from '../tracing/spans.js';

/**
 * The third parties the services call (Strava, Stripe, the LLM). The series are defined here, once,
 * so the dashboard and alert rules in deploy/monitoring name one metric per concern whichever
 * service records it; each service records at its own call sites.
 */
export type Provider = 'strava' | 'stripe' | 'openai';

/** Calls to a provider, by provider, operation and outcome (`ok`, `error`). */
export const providerCallDuration = histogram({
  name: 'provider_call_duration_seconds',
  help: 'Calls to third parties (Strava, Stripe, the LLM): duration in seconds, by provider, operation and outcome',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
});

/**
 * Times one call to a provider (`operation` is a fixed name such as the LLM schema's, never an id);
 * its answer or error passes through unchanged.
 */
export const timeProviderCall = async <T>(
  provider: Provider,
  operation: string,
  call: () => Promise<T>,
): Promise<T> => {
  const stop = providerCallDuration.startTimer({ provider, operation });
  try {
    // a client span per provider call too (a plain call while tracing is off)
    const result = await withClientSpan(`${provider} ${operation}`, { 'peer.service': provider }, call);
    stop({ outcome: 'ok' });
    return result;
  } catch (error) {
    stop({ outcome: 'error' });
    throw error;
  }
};

/**
 * The share (0 to 1, above 1 when the provider reports more use than its limit) of a provider's
 * request budget used in the current window, as this process last saw it: Strava's is one budget for
 * the whole deployment, so take the max over processes. `budget` names the window (`overall-short`,
 * `read-long`, ...).
 */
export const providerBudgetUsed = gauge({
  name: 'provider_budget_used_ratio',
  help: "Share of a provider's rate budget used in the current window, by provider and budget",
  labelNames: ['provider', 'budget'] as const,
});

/** Records a budget's use; a limit of 0 or less (unknown) records nothing. */
export const recordBudgetUse = (provider: Provider, budget: string, used: number, limit: number): void => {
  if (limit > 0) providerBudgetUsed.set({ provider, budget }, used / limit);
};

/** Time from a provider creating a webhook event to its receipt here (clocks permitting). */
export const webhookLag = histogram({
  name: 'webhook_lag_seconds',
  help: 'Seconds from a provider creating a webhook event to its receipt, by provider',
  labelNames: ['provider'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 6 * 3600, 24 * 3600],
});

/** Webhook deliveries received, by provider and outcome (`handled`, `duplicate`, `refused`, `failed`). */
export const webhookDeliveries = counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook deliveries received, by provider and outcome (handled, duplicate, refused, failed)',
  labelNames: ['provider', 'outcome'] as const,
});

/**
 * Records one webhook delivery: its lag from the provider's `createdAt` (epoch seconds, as Stripe
 * and Strava send it; a clock skew below zero counts as 0) and its outcome.
 */
export const recordWebhook = (
  provider: Provider,
  outcome: 'handled' | 'duplicate' | 'refused' | 'failed',
  createdAtSeconds?: number,
): void => {
  webhookDeliveries.inc({ provider, outcome });
  if (createdAtSeconds !== undefined && Number.isFinite(createdAtSeconds))
    webhookLag.observe({ provider }, Math.max(0, Date.now() / 1000 - createdAtSeconds));
};
