import { describe, expect, it } from '@jest/globals';
import { recordBudgetUse, recordWebhook, timeProviderCall } from '../provider-metrics.js';
import { waitingSince } from '../queue-metrics.js';
import { renderMetrics } from '../registry.js';

/** The value of one exact series line of the exposition, or undefined. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('provider metrics', () => {
  it('times provider calls by outcome, passing answers and errors through', async () => {
    await expect(timeProviderCall('openai', 'RideFeedback', async () => 'answer')).resolves.toBe('answer');
    const failure = new Error('429');
    await expect(timeProviderCall('openai', 'RideFeedback', () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    const { body } = await renderMetrics();
    const series = (outcome: string) =>
      `provider_call_duration_seconds_count{provider="openai",operation="RideFeedback",outcome="${outcome}"}`;
    expect(sample(body, series('ok'))).toBe(1);
    expect(sample(body, series('error'))).toBe(1);
  });

  it("records a budget's share used, and nothing for an unknown limit", async () => {
    recordBudgetUse('strava', 'read-short', 90, 100);
    recordBudgetUse('strava', 'read-long', 5, 0);
    const { body } = await renderMetrics();
    expect(sample(body, 'provider_budget_used_ratio{provider="strava",budget="read-short"}')).toBe(0.9);
    expect(body).not.toContain('budget="read-long"');
  });

  it('counts webhook deliveries by outcome and observes their lag from the provider', async () => {
    recordWebhook('stripe', 'handled', Date.now() / 1000 - 30);
    recordWebhook('stripe', 'duplicate', Date.now() / 1000 + 5); // a clock ahead counts as no lag
    recordWebhook('stripe', 'refused');
    const { body } = await renderMetrics();
    expect(sample(body, 'webhook_deliveries_total{provider="stripe",outcome="handled"}')).toBe(1);
    expect(sample(body, 'webhook_deliveries_total{provider="stripe",outcome="refused"}')).toBe(1);
    expect(sample(body, 'webhook_lag_seconds_count{provider="stripe"}')).toBe(2);
    expect(sample(body, 'webhook_lag_seconds_bucket{le="10",provider="stripe"}')).toBe(1);
    expect(sample(body, 'webhook_lag_seconds_sum{provider="stripe"}')).toBeCloseTo(30, 0);
  });
});

describe('a waiting job', () => {
  it('waits since its creation, the end of its delay, or its last attempt, whichever is latest', () => {
    expect(waitingSince({ timestamp: 1000, delay: 0, processedOn: undefined })).toBe(1000);
    expect(waitingSince({ timestamp: 1000, delay: 500, processedOn: undefined })).toBe(1500);
    expect(waitingSince({ timestamp: 1000, delay: 0, processedOn: 4000 })).toBe(4000);
  });
});
