import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../../../infra/dev/ports.mjs';

/** The built Stripe simulator (infra/simulators), run as its own process: a fixture of Stripe. */
const ENTRY = resolve(import.meta.dirname, '../../../../infra/simulators/dist/stripe/main.js');

export interface SimulatedEvent {
  id: string;
  type: string;
  objectId: string;
  delivered: boolean;
  held: boolean;
  attempts: { status: number | null }[];
}

/** Drives the simulator through its HTTP test controls (/_sim), as the end-to-end tests do. */
export class StripeSimulatorProcess {
  private constructor(
    readonly url: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {}

  static async start(options: {
    secretKey: string;
    webhookSecret: string;
    webhookUrl: string;
    /** the catalogue as STRIPE_SIM_PRICES takes it (id:amountInCents:Product name, …); unset: Pro and Elite */
    prices?: string;
  }) {
    if (!existsSync(ENTRY)) {
      throw new Error(
        `${ENTRY} is missing: build the simulators first (npx nx run @domestique/simulators:build)`,
      );
    }
    const port = await freePort();
    const child = spawn(process.execPath, [ENTRY], {
      env: {
        PATH: process.env.PATH,
        STRIPE_SIM_PORT: String(port),
        STRIPE_SECRET_KEY: options.secretKey,
        STRIPE_WEBHOOK_SECRET: options.webhookSecret,
        STRIPE_SIM_WEBHOOK_URL: options.webhookUrl,
        STRIPE_SIM_WEBHOOK_RETRY_DELAYS_MS: '100,200,400',
        ...(options.prices ? { STRIPE_SIM_PRICES: options.prices } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The Stripe simulator exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('The Stripe simulator did not start');
      await new Promise((done) => setTimeout(done, 50));
    }
    return new StripeSimulatorProcess(url, port, child);
  }

  private async control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.url}/_sim${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await answer.json()) as T & { error?: { message: string } };
    if (!answer.ok) throw new Error(`Simulator control ${path}: ${json.error?.message ?? answer.status}`);
    return json;
  }

  /** Loads the hosted Checkout page and presses Pay, as the browser does; answers the redirect. */
  async pay(checkoutUrl: string): Promise<{ status: number; location: string | null; page: string }> {
    const page = await (await fetch(checkoutUrl)).text();
    const action = /<form method="post" action="([^"]+\/confirm)">/.exec(page)?.[1];
    if (!action) throw new Error(`No Pay button on ${checkoutUrl}`);
    const paid = await fetch(new URL(action, checkoutUrl), { method: 'POST', redirect: 'manual' });
    return { status: paid.status, location: paid.headers.get('location'), page };
  }

  /** Waits until every webhook delivery is done (or has given up). */
  settled(): Promise<unknown> {
    return this.control('GET', '/webhooks/settled');
  }

  async events(type?: string): Promise<SimulatedEvent[]> {
    const query = type ? `?type=${encodeURIComponent(type)}` : '';
    return (await this.control<{ data: SimulatedEvent[] }>('GET', `/events${query}`)).data;
  }

  event(id: string): Promise<Record<string, unknown>> {
    return this.control('GET', `/events/${id}`);
  }

  advance(subscriptionId: string): Promise<{ status: string }> {
    return this.control('POST', `/subscriptions/${subscriptionId}/advance`);
  }

  failNextPayments(count = 1): Promise<unknown> {
    return this.control('POST', '/payments/fail-next', { count });
  }

  redeliver(eventId: string): Promise<SimulatedEvent> {
    return this.control('POST', `/events/${eventId}/redeliver`);
  }

  hold(): Promise<unknown> {
    return this.control('POST', '/webhooks/hold');
  }

  async release(order: 'created' | 'reverse'): Promise<string[]> {
    return (await this.control<{ released: string[] }>('POST', '/webhooks/release', { order })).released;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
  }
}
