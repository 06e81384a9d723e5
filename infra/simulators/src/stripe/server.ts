import express, { type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeApiError } from './errors.js';
import { decodeForm, type FormObject } from './form.js';
import { checkoutPage, messagePage, portalPage } from './pages.js';
import type { StripeEvent } from './records.js';
import { list, type Json } from './render.js';
import {
  CardDeclinedError,
  newId,
  SIM_API_VERSION,
  StripeState,
  type PriceSeed,
  type RequestInfo,
} from './state.js';
import { WebhookDispatcher, type EventDelivery } from './webhooks.js';

export interface StripeSimulatorOptions {
  port?: number;
  host?: string;
  /** where browsers reach the simulator's hosted pages; defaults to http://host:port */
  publicUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** the webhook endpoint (the gateway's /api/stripe/webhook); events are only recorded without it */
  webhookUrl?: string;
  /** the catalogue; defaults to Domestique's Pro ($99/month) and Elite ($199/month) prices */
  prices?: PriceSeed[];
  /** waits between webhook attempts after a failure */
  webhookRetryDelaysMs?: number[];
}

/** Test controls, also served over HTTP under /_sim. */
export interface StripeSimulatorControl {
  /** the simulated clock, unix seconds */
  now(): number;
  /** renewal, trial end, or end after cancel_at_period_end (see StripeState.advance); answers the subscription */
  advance(subscriptionId: string): Json;
  /** the next `count` payments are declined */
  failNextPayments(count?: number): number;
  /** the hosted page's Pay button; answers the success_url redirect */
  pay(checkoutSessionId: string): string;
  redeliver(eventId: string): Promise<EventDelivery>;
  /** keep events back from now on, until `releaseEvents` */
  holdEvents(): void;
  /** delivers the held events one by one, oldest first or in reverse; answers their ids in that order */
  releaseEvents(order?: 'created' | 'reverse'): Promise<string[]>;
  /** every event with its delivery attempts, oldest first */
  events(): EventDelivery[];
  /** resolves once no webhook delivery is in flight or waiting for a retry */
  settled(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
}

export interface StripeSimulator {
  url: string;
  control: StripeSimulatorControl;
  close(): Promise<void>;
}

export const DEFAULT_SECRET_KEY = 'sk_test_domestique_local';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_domestique_local';
export const DEFAULT_PRICES: PriceSeed[] = [
  { id: 'price_domestique_pro_monthly', unitAmount: 9900, productName: 'Domestique Pro' },
  { id: 'price_domestique_elite_monthly', unitAmount: 19900, productName: 'Domestique Elite' },
];
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000, 120_000, 300_000];

/** `id` is the path's object id (`/v1/customers/:id`), empty for paths without one. */
type Handler = (params: FormObject, id: string, request: RequestInfo) => Json;
interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handler: Handler;
}

const route = (method: Route['method'], path: string, handler: Handler): Route => ({
  method,
  // Stripe ids may hold hyphens (a coupon's id is chosen by the caller)
  pattern: new RegExp(`^${path.replace(':id', '([A-Za-z0-9_-]+)')}$`),
  handler,
});

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Starts a local server speaking the part of Stripe's API that Domestique's billing uses. */
export const startStripeSimulator = async (
  options: StripeSimulatorOptions = {},
): Promise<StripeSimulator> => {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const webhooks = new WebhookDispatcher({
    url: options.webhookUrl,
    secret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
  });
  const state = new StripeState(options.prices ?? DEFAULT_PRICES, (event: StripeEvent) =>
    webhooks.enqueue(event),
  );

  const expandable = (params: FormObject, object: Json) => state.withExpand(object, params);
  const routes: Route[] = [
    route('POST', '/v1/customers', (p, _id, r) => state.createCustomer(p, r)),
    route('GET', '/v1/customers', (p) => state.listCustomers(p)),
    route('GET', '/v1/customers/:id', (p, id) => expandable(p, state.customer(id))),
    route('POST', '/v1/customers/:id', (p, id, r) => state.updateCustomer(id, p, r)),
    route('POST', '/v1/coupons', (p) => state.createCoupon(p)),
    route('GET', '/v1/coupons/:id', (_p, id) => state.coupon(id)),
    route('DELETE', '/v1/coupons/:id', (_p, id) => state.deleteCoupon(id)),
    route('GET', '/v1/prices', () => state.listPrices()),
    route('GET', '/v1/prices/:id', (p, id) => expandable(p, state.price(id))),
    route('GET', '/v1/products/:id', (_p, id) => state.product(id)),
    route('POST', '/v1/checkout/sessions', (p) => expandable(p, state.createCheckoutSession(p))),
    route('GET', '/v1/checkout/sessions/:id', (p, id) => expandable(p, state.checkoutSession(id))),
    route('POST', '/v1/checkout/sessions/:id/expire', (p, id, r) =>
      expandable(p, state.expireCheckoutSession(id, r)),
    ),
    route('GET', '/v1/subscriptions', (p) => state.listSubscriptions(p)),
    route('GET', '/v1/subscriptions/:id', (p, id) => expandable(p, state.subscription(id))),
    route('POST', '/v1/subscriptions/:id', (p, id, r) => expandable(p, state.updateSubscription(id, p, r))),
    route('DELETE', '/v1/subscriptions/:id', (p, id, r) => expandable(p, state.cancelSubscription(id, r))),
    route('GET', '/v1/invoices/:id', (p, id) => expandable(p, state.invoice(id))),
    route('POST', '/v1/billing_portal/sessions', (p) => state.createPortalSession(p)),
    route('GET', '/v1/events/:id', (_p, id) => state.event(id) as unknown as Json),
    route('GET', '/v1/events', (p) =>
      list(state.listEvents(typeof p.type === 'string' ? p.type : null) as unknown as Json[], '/v1/events'),
    ),
  ];

  const idempotency = new Map<string, StoredAnswer>();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  const sendJson = (res: Response, status: number, body: unknown) =>
    res
      .status(status)
      .type('application/json')
      .send(JSON.stringify(body, null, 2));

  const authorised = (req: Request): string | null => {
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Bearer ')) return header.slice(7).trim();
    if (header.startsWith('Basic '))
      return Buffer.from(header.slice(6), 'base64').toString().split(':')[0] ?? '';
    return null;
  };

  /** Stripe's answers to a missing or wrong secret key. */
  const keyProblem = (key: string | null): StripeApiError | null => {
    if (!key) {
      return new StripeApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key === secretKey) return null;
    const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`;
    return new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked}`,
      'api_key_invalid',
    );
  };

  app.use('/v1', express.text({ type: () => true, limit: '1mb' }), (req, res) => {
    const requestId = newId('req_', 14);
    res.setHeader('request-id', requestId);
    res.setHeader('stripe-version', (req.headers['stripe-version'] as string | undefined) ?? SIM_API_VERSION);
    const path = `/v1${req.path}`;
    const fail = (error: StripeApiError) => sendJson(res, error.status, error.toJSON(requestId));
    const refusal = keyProblem(authorised(req));
    if (refusal) {
      fail(refusal);
      return;
    }
    const method = req.method as Route['method'];
    const found = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!found) {
      fail(
        new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${req.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        ),
      );
      return;
    }
    const query = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
      : '';
    const body = typeof req.body === 'string' ? req.body : '';
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    if (idempotencyKey) res.setHeader('idempotency-key', idempotencyKey);
    const fingerprint = `${method} ${path}?${query}\n${body}`;
    if (method === 'POST' && idempotencyKey) {
      const stored = idempotency.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          fail(
            new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            ),
          );
          return;
        }
        res.setHeader('idempotent-replayed', 'true');
        sendJson(res, stored.status, stored.body);
        return;
      }
    }
    let status = 200;
    let answer: unknown;
    try {
      const params = decodeForm(method === 'POST' ? body : query);
      answer = found.handler(params, found.pattern.exec(path)![1] ?? '', { id: requestId, idempotencyKey });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = error.toJSON(requestId);
    }
    if (method === 'POST' && idempotencyKey)
      idempotency.set(idempotencyKey, { fingerprint, status, body: answer });
    sendJson(res, status, answer);
  });

  // ------------------------------------------------------------------------------ hosted pages
  const html = (res: Response, status: number, page: string) => res.status(status).type('html').send(page);
  const pageOf = (res: Response, error: unknown) => {
    if (error instanceof StripeApiError && error.status === 404) {
      html(res, 404, messagePage('Not found', 'This page does not exist or has expired.'));
      return;
    }
    html(res, 400, messagePage('Something went wrong', (error as Error).message));
  };
  app.use(['/c', '/p'], express.urlencoded({ extended: false, limit: '10kb' }));
  app.get('/c/pay/:session', (req, res) => {
    try {
      html(res, 200, checkoutPage(state.checkoutView(req.params.session)));
    } catch (error) {
      pageOf(res, error);
    }
  });
  app.post('/c/pay/:session/confirm', (req, res) => {
    try {
      res.redirect(303, state.completeCheckoutSession(req.params.session));
    } catch (error) {
      if (error instanceof CardDeclinedError) {
        html(res, 402, checkoutPage(state.checkoutView(req.params.session), error.message));
        return;
      }
      pageOf(res, error);
    }
  });
  app.post('/c/pay/:session/cancel', (req, res) => {
    try {
      const { session } = state.checkoutView(req.params.session);
      if (!session.cancelUrl)
        throw new StripeApiError(400, 'invalid_request_error', 'This checkout has no cancel URL.');
      res.redirect(303, session.cancelUrl);
    } catch (error) {
      pageOf(res, error);
    }
  });
  app.get('/p/session/:portal', (req, res) => {
    try {
      const portal = state.portalSession(req.params.portal);
      html(res, 200, portalPage(portal.id, portal.returnUrl, state.portalSubscriptions(portal.customer)));
    } catch (error) {
      pageOf(res, error);
    }
  });
  app.post('/p/session/:portal/subscriptions/:subscription', (req, res) => {
    try {
      const action = (req.body as Record<string, string | undefined>).action;
      if (action !== 'cancel' && action !== 'renew')
        throw new StripeApiError(400, 'invalid_request_error', 'Unknown action.');
      state.portalSetCancel(req.params.portal, req.params.subscription, action === 'cancel');
      res.redirect(303, `/p/session/${req.params.portal}`);
    } catch (error) {
      pageOf(res, error);
    }
  });

  // ------------------------------------------------------------------------------ test controls
  const control: StripeSimulatorControl = {
    now: () => state.clock.now(),
    advance: (subscriptionId) => state.advance(subscriptionId),
    failNextPayments: (count = 1) => state.failNextPayments(count),
    pay: (sessionId) => state.completeCheckoutSession(sessionId),
    redeliver: async (eventId) => {
      state.event(eventId);
      const delivery = await webhooks.redeliver(eventId);
      if (!delivery) throw new StripeApiError(404, 'invalid_request_error', `No such event: '${eventId}'`);
      return delivery;
    },
    holdEvents: () => webhooks.hold(),
    releaseEvents: (order = 'created') => webhooks.release(order),
    events: () => webhooks.list(),
    settled: () => webhooks.settled(),
    setWebhookUrl: (url) => webhooks.setUrl(url),
  };

  const controlAnswer = (res: Response, work: () => unknown) => {
    Promise.resolve()
      .then(work)
      .then(
        (result) => sendJson(res, 200, result ?? { ok: true }),
        (error: unknown) => {
          const known =
            error instanceof StripeApiError
              ? error
              : new StripeApiError(500, 'api_error', (error as Error).message);
          sendJson(res, known.status, known.toJSON('sim'));
        },
      );
  };
  const summary = (delivery: EventDelivery) => ({
    id: delivery.event.id,
    type: delivery.event.type,
    created: delivery.event.created,
    objectId: delivery.event.data.object.id,
    delivered: delivery.delivered,
    held: delivery.held,
    attempts: delivery.attempts,
  });
  app.use('/_sim', express.json({ limit: '10kb' }));
  app.get('/_sim/clock', (_req, res) => controlAnswer(res, () => ({ now: control.now() })));
  app.get('/_sim/events', (req, res) =>
    controlAnswer(res, () => ({
      data: control
        .events()
        .filter((delivery) => !req.query.type || delivery.event.type === req.query.type)
        .map(summary),
    })),
  );
  app.get('/_sim/events/:event', (req, res) => controlAnswer(res, () => state.event(req.params.event)));
  app.post('/_sim/events/:event/redeliver', (req, res) =>
    controlAnswer(res, async () => summary(await control.redeliver(req.params.event))),
  );
  app.get('/_sim/webhooks/settled', (_req, res) => controlAnswer(res, () => control.settled()));
  app.post('/_sim/webhooks/hold', (_req, res) => controlAnswer(res, () => control.holdEvents()));
  app.post('/_sim/webhooks/release', (req, res) =>
    controlAnswer(res, async () => ({
      released: await control.releaseEvents(
        (req.body as { order?: string } | undefined)?.order === 'reverse' ? 'reverse' : 'created',
      ),
    })),
  );
  app.post('/_sim/subscriptions/:subscription/advance', (req, res) =>
    controlAnswer(res, () => control.advance(req.params.subscription)),
  );
  app.post('/_sim/payments/fail-next', (req, res) =>
    controlAnswer(res, () => ({
      failing: control.failNextPayments(Number((req.body as { count?: number } | undefined)?.count ?? 1)),
    })),
  );
  app.post('/_sim/checkout/:session/pay', (req, res) =>
    controlAnswer(res, () => ({ redirect: control.pay(req.params.session) })),
  );
  app.get('/health', (_req, res) => sendJson(res, 200, { status: 'ok' }));

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  state.publicUrl = options.publicUrl ?? url;

  return {
    url,
    control,
    close: async () => {
      webhooks.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
};
