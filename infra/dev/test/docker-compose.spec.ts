import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@domestique/proto';

/** No Docker engine runs here, so the compose file is checked for completeness instead of run. */
const ROOT = resolve(import.meta.dirname, '../../..');

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** What an operator must put in .env (compose refuses to start without them: `${NAME:?message}`). */
const REQUIRED: Record<string, string> = {
  INTERNAL_JWT_SECRET: 'compose-test-internal-secret-0123456789abcdef',
  STRAVA_TOKEN_KEY: 'ab'.repeat(32),
  ADMIN_PASSWORD: 'a-real-admin-password',
};

/** Compose's variable interpolation: `${NAME:-default}` and `${NAME:?message}` from `dotenv`. */
const interpolate = (value: unknown, dotenv: Record<string, string>): string | undefined =>
  value === undefined
    ? undefined
    : String(value).replace(
        /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
        (_match, name: string, kind?: string, rest?: string) => {
          const set = dotenv[name];
          if (set !== undefined && set !== '') return set;
          if (kind === '?') throw new Error(`${name}: ${rest}`);
          return rest ?? '';
        },
      );

/** Each process's environment schema, from its build output, with the shared parser. */
const schemaOf = async (name: string) => {
  const dir = name === 'gateway' ? 'gateway' : `services/${name}`;
  const module = (await import(pathToFileURL(join(ROOT, dir, 'dist/config/env.schema.js')).href)) as Record<
    string,
    unknown
  >;
  return module[`${name}EnvSchema`];
};
const services = compose.services;
const appNames = [...SERVICE_NAMES.flatMap((name) => [name, `${name}-worker`]), 'gateway'];

describe('docker-compose.yml', () => {
  it('has postgres, redis, every service API and worker, and the gateway', () => {
    expect(Object.keys(services).sort()).toEqual(
      expect.arrayContaining(['postgres', 'redis', ...appNames].sort()),
    );
  });

  it.each(appNames)(
    '%s builds from an existing Dockerfile, runs a built entry point, is health-checked and waits for its dependencies',
    (name) => {
      const service = services[name]!;
      expect(service.build).toBeDefined();
      expect(existsSync(join(ROOT, service.build!.context, service.build!.dockerfile))).toBe(true);
      const entry = service.command?.[1];
      expect(entry).toMatch(/dist\/(main|worker)\.js$/);
      expect(existsSync(join(ROOT, entry!.replace('/dist/', '/src/').replace(/\.js$/, '.ts')))).toBe(true);
      expect(service.healthcheck?.test.join(' ')).toContain('/health');
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
      for (const key of ['DATABASE_URL', 'REDIS_URL', 'INTERNAL_JWT_SECRET', 'NODE_ENV'])
        expect(service.environment?.[key]).toBeTruthy();
    },
  );

  it('health-checks each process on the port its configuration gives it', () => {
    for (const name of SERVICE_NAMES) {
      const example = readFileSync(join(ROOT, `services/${name}/.env.example`), 'utf8');
      const port = /_PORT=(\d+)/.exec(example)![1];
      const workerPort = /_WORKER_HEALTH_PORT=(\d+)/.exec(example)![1];
      expect(services[name]!.healthcheck!.test.join(' ')).toContain(`:${port}/health`);
      expect(services[`${name}-worker`]!.healthcheck!.test.join(' ')).toContain(`:${workerPort}/health`);
    }
  });

  it('starts the gateway after every service is healthy, publishes it and serves the web app', () => {
    const gateway = services.gateway!;
    for (const name of SERVICE_NAMES) {
      expect(gateway.depends_on?.[name]?.condition).toBe('service_healthy');
      expect(gateway.environment?.[`${name.toUpperCase()}_URL`]).toBe(
        `http://${name}:${/_PORT=(\d+)/.exec(readFileSync(join(ROOT, `services/${name}/.env.example`), 'utf8'))![1]}`,
      );
    }
    expect(gateway.ports).toContain('3000:3000');
    expect(gateway.environment?.WEB_DIST).toBe('/app/web/dist');
  });

  it('binds services to all interfaces inside their containers', () => {
    for (const name of SERVICE_NAMES)
      expect(services[name]!.environment?.[`${name.toUpperCase()}_HOST`]).toBe('0.0.0.0');
  });

  it("boots every process with the compose environment and refuses to start without the operator's secrets", async () => {
    const common = (await import(pathToFileURL(join(ROOT, 'services/common/dist/index.js')).href)) as {
      parseConfig: (service: string, schema: unknown, env: Record<string, string | undefined>) => unknown;
    };
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      const schema = await schemaOf(name);
      expect(schema).toBeDefined();
      const environment = services[name]!.environment ?? {};
      const env = Object.fromEntries(
        Object.entries(environment).map(([key, value]) => [key, interpolate(value, REQUIRED)]),
      );
      expect(() => common.parseConfig(name, schema, env)).not.toThrow();
    }
    for (const name of Object.keys(REQUIRED)) {
      const { [name]: _missing, ...rest } = REQUIRED;
      expect(() =>
        Object.values(services.auth!.environment ?? {}).forEach((value) => interpolate(value, rest)),
      ).toThrow(name);
    }
    expect(composeText).not.toMatch(/change-me/);
  });

  it('runs the Strava and Stripe simulators and the mail catcher, and points the services at them', () => {
    const auth = services.auth!.environment!;
    expect(interpolate(auth.SMTP_HOST, REQUIRED)).toBe('maildev');
    const rides = services.rides!.environment!;
    expect(interpolate(rides.STRAVA_API_URL, REQUIRED)).toBe('http://strava-sim:4301/api/v3');
    expect(interpolate(rides.STRAVA_OAUTH_URL, REQUIRED)).toBe('http://localhost:4301/oauth');
    const billing = services.billing!.environment!;
    expect(interpolate(billing.STRIPE_API_HOST, REQUIRED)).toBe('stripe-sim');
    expect(services['stripe-sim']!.environment?.STRIPE_SIM_WEBHOOK_URL).toBe(
      'http://gateway:3000/api/stripe/webhook',
    );
    for (const [name, port] of [
      ['strava-sim', '4301'],
      ['stripe-sim', '4302'],
      ['maildev', '1080'],
    ] as const) {
      expect(services[name]!.ports).toContain(`${port}:${port}`);
      expect(services[name]!.healthcheck?.test.join(' ')).toContain(`:${port}/`);
      expect(
        existsSync(
          join(ROOT, services[name]!.command![1]!.replace('/dist/', '/src/').replace(/\.js$/, '.ts')),
        ) || services[name]!.command![1]!.startsWith('node_modules/'),
      ).toBe(true);
    }
  });

  it('copies every workspace manifest into the image before npm ci', () => {
    const dockerfile = readFileSync(join(ROOT, 'infra/docker/Dockerfile'), 'utf8');
    const workspaces = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    for (const workspace of workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    expect(existsSync(join(ROOT, '.dockerignore'))).toBe(true);
  });
});
