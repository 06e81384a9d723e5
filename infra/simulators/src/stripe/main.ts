import { z } from 'zod';
import type { PriceSeed } from './state.js';
import {
  DEFAULT_PRICES,
  DEFAULT_SECRET_KEY,
  DEFAULT_WEBHOOK_SECRET,
  startStripeSimulator,
} from './server.js';

/**
 * `node infra/simulators/dist/stripe/main.js`: the Stripe simulator configured from the environment
 * (the same variables `npm run up` and the end-to-end harness set; see infra/simulators/.env.example).
 */
const priceList = z.string().transform((value, context): PriceSeed[] => {
  const prices: PriceSeed[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id, amount, ...name] = entry.split(':');
    if (!id || !amount || !/^\d+$/.test(amount) || name.length === 0) {
      context.addIssue({ code: 'custom', message: `"${entry}" is not id:amountInCents:Product name` });
      return z.NEVER;
    }
    prices.push({ id, unitAmount: Number(amount), productName: name.join(':') });
  }
  return prices;
});

const env = z
  .object({
    STRIPE_SIM_HOST: z.string().default('127.0.0.1'),
    STRIPE_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(4302),
    STRIPE_SIM_PUBLIC_URL: z.url().optional(),
    STRIPE_SECRET_KEY: z.string().min(1).default(DEFAULT_SECRET_KEY),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).default(DEFAULT_WEBHOOK_SECRET),
    STRIPE_SIM_WEBHOOK_URL: z.url().optional(),
    /** id:amountInCents:Product name, comma-separated */
    STRIPE_SIM_PRICES: priceList.optional(),
    /** waits between webhook attempts after a failure, ms, comma-separated */
    STRIPE_SIM_WEBHOOK_RETRY_DELAYS_MS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'comma-separated milliseconds')
      .transform((value) => value.split(',').map(Number))
      .optional(),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));

if (!env.success) {
  process.stderr.write(
    `Invalid configuration for the Stripe simulator:\n${env.error.issues
      .map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
      .join('\n')}\n`,
  );
  process.exit(1);
}

const config = env.data;
const simulator = await startStripeSimulator({
  host: config.STRIPE_SIM_HOST,
  port: config.STRIPE_SIM_PORT,
  publicUrl: config.STRIPE_SIM_PUBLIC_URL,
  secretKey: config.STRIPE_SECRET_KEY,
  webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  webhookUrl: config.STRIPE_SIM_WEBHOOK_URL,
  prices: config.STRIPE_SIM_PRICES ?? DEFAULT_PRICES,
  webhookRetryDelaysMs: config.STRIPE_SIM_WEBHOOK_RETRY_DELAYS_MS,
});
process.stdout.write(
  `${JSON.stringify({
    level: 'info',
    time: new Date().toISOString(),
    msg: 'Stripe simulator listening',
    url: simulator.url,
    webhookUrl: config.STRIPE_SIM_WEBHOOK_URL ?? null,
  })}\n`,
);

const stop = () => {
  void simulator.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
