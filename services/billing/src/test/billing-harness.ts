import { identityHeaders, startTestApi, type TestApi } from '@domestique/common/testing';
import type { Tier } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../config/env.schema.js';
import { billingService } from '../service.js';
import { freePort } from '../../../../infra/dev/ports.mjs';
import { StripeSimulatorProcess } from './stripe-simulator.process.js';

export const SECRET_KEY = 'sk_test_integration_0123456789';
export const WEBHOOK_SECRET = 'whsec_integration_0123456789';
export const PRO_PRICE = 'price_domestique_pro_monthly';
export const ELITE_PRICE = 'price_domestique_elite_monthly';

export interface Rider {
  userId: string;
  email: string;
  headers: Record<string, string>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });

/**
 * The billing API on the run's PostgreSQL and Redis, the Stripe simulator as Stripe, and a relay in
 * front of the webhook endpoint that does what the gateway does: forward the raw body and the
 * `stripe-signature` header with the signed (anonymous) identity.
 */
export class BillingHarness {
  private constructor(
    /** the environment the API runs with (a worker started with it talks to the same Stripe) */
    readonly env: Record<string, string>,
    readonly api: TestApi<BillingConfig>,
    readonly sim: StripeSimulatorProcess,
    readonly db: DataSource,
    private readonly relay: Server,
  ) {}

  /**
   * `overrides`: the API's variables on top of the harness's; `simulatorPrices`: Stripe's catalogue
   * when a test sells another price than the defaults (STRIPE_SIM_PRICES' format).
   */
  static async start(
    overrides: Record<string, string> = {},
    simulatorPrices?: string,
  ): Promise<BillingHarness> {
    let billingUrl = '';
    const relay = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const headers: Record<string, string> = {
          ...(await identityHeaders({ role: 'anonymous' })),
          'content-type': req.headers['content-type'] ?? 'application/json',
        };
        if (typeof req.headers['stripe-signature'] === 'string') {
          headers['stripe-signature'] = req.headers['stripe-signature'];
        }
        const answer = await fetch(`${billingUrl}${req.url}`, { method: req.method, headers, body });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })().catch(() => res.writeHead(502).end());
    });
    const relayPort = await freePort();
    await new Promise<void>((done) => relay.listen(relayPort, '127.0.0.1', done));
    const sim = await StripeSimulatorProcess.start({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${relayPort}/api/stripe/webhook`,
      prices: simulatorPrices,
    });
    const env = {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(sim.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      PUBLIC_URL: 'http://app.test',
      ...overrides,
    };
    const api = await startTestApi(billingService, env);
    await api.app.listen(0, '127.0.0.1');
    billingUrl = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    return new BillingHarness(env, api, sim, api.app.get(DataSource), relay);
  }

  http() {
    return request(this.api.app.getHttpServer());
  }

  /** A registered rider (as user.registered leaves them in billing) with their gateway identity. */
  async newRider(tier: Tier = 'free'): Promise<Rider> {
    const userId = randomUUID();
    const email = `rider-${userId.slice(0, 8)}@example.com`;
    await this.db.query('INSERT INTO billing.billing_customers (user_id, email) VALUES ($1, $2)', [
      userId,
      email,
    ]);
    return { userId, email, headers: await identityHeaders({ role: 'user', userId, tier }) };
  }

  checkout(rider: Rider, body: Record<string, unknown>) {
    return this.http().post('/api/stripe/create-checkout-session').set(rider.headers).send(body);
  }

  /** Checkout, Pay on the hosted page, and wait for Stripe's webhooks to be handled. */
  async subscribe(
    rider: Rider,
    promoCode: string | null = null,
    priceId = PRO_PRICE,
  ): Promise<{ sessionId: string; subscriptionId: string }> {
    const answer = await this.checkout(rider, { priceId, promoCode });
    if (answer.status !== 200)
      throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const paid = await this.sim.pay(answer.body.url);
    if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
    await this.sim.settled();
    return {
      sessionId: answer.body.sessionId,
      subscriptionId: await this.subscriptionOfSession(answer.body.sessionId),
    };
  }

  async subscriptionOfSession(sessionId: string): Promise<string> {
    const [completed] = (await this.sim.events('checkout.session.completed')).filter(
      (event) => event.objectId === sessionId,
    );
    if (!completed) throw new Error(`No checkout.session.completed for ${sessionId}`);
    const event = (await this.sim.event(completed.id)) as { data: { object: { subscription: string } } };
    return event.data.object.subscription;
  }

  /** Stripe's REST API on the simulator, as the SDK calls it (for what the tests check in Stripe). */
  async stripeApi<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    form?: Record<string, string>,
  ): Promise<T> {
    const answer = await fetch(`${this.sim.url}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    if (!answer.ok) throw new Error(`Stripe ${method} ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  }

  /** Resumes a cancelling subscription in the billing portal, as the rider does, and waits for the webhooks. */
  async resumeInPortal(rider: Rider, subscriptionId: string): Promise<void> {
    const portal = await this.http().post('/api/stripe/create-portal-session').set(rider.headers);
    if (portal.status !== 200) throw new Error(`portal answered ${portal.status}`);
    const renewed = await fetch(`${portal.body.url}/subscriptions/${subscriptionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=renew',
      redirect: 'manual',
    });
    if (renewed.status !== 303) throw new Error(`portal renew answered ${renewed.status}`);
    await this.sim.settled();
  }

  async customer(
    userId: string,
  ): Promise<{ tier: Tier; subscription_tier: Tier; stripe_customer_id: string | null }> {
    const [row] = await this.db.query(
      'SELECT tier, subscription_tier, stripe_customer_id FROM billing.billing_customers WHERE user_id = $1',
      [userId],
    );
    return row;
  }

  /** The subscription.tier-changed events billing published for a rider, oldest first. */
  async tierEvents(
    userId: string,
  ): Promise<{ tier: Tier; reason: string; stripeCustomerId: string | null }[]> {
    const rows: { payload: { tier: Tier; reason: string; stripeCustomerId: string | null } }[] =
      await this.db.query(
        `SELECT payload FROM billing.outbox_events
        WHERE name = 'subscription.tier-changed' AND payload->>'userId' = $1 ORDER BY occurred_at, id`,
        [userId],
      );
    return rows.map((row) => row.payload);
  }

  async promo(code: string): Promise<{ used_count: number; id: string }> {
    const [row] = await this.db.query('SELECT id, used_count FROM billing.promo_codes WHERE code = $1', [
      code,
    ]);
    return row;
  }

  async createPromo(values: {
    code: string;
    discountType: 'percentage' | 'fixed' | 'trial';
    discountValue: number;
    usageLimit?: number | null;
    isActive?: boolean;
    validFrom?: Date;
    validUntil?: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO billing.promo_codes (code, discount_type, discount_value, valid_from, valid_until, usage_limit, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        values.code,
        values.discountType,
        values.discountValue,
        values.validFrom ?? new Date(Date.now() - 86_400_000),
        values.validUntil ?? new Date(Date.now() + 30 * 86_400_000),
        values.usageLimit ?? null,
        values.isActive ?? true,
      ],
    );
  }

  async close(): Promise<void> {
    await this.sim.stop();
    await new Promise<void>((done) => this.relay.close(() => done()));
    await this.api.close();
  }
}

export const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;
