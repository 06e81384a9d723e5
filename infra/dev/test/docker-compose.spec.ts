import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
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

/**
 * What an operator must put in .env (compose refuses to start without them: `${NAME:?message}`),
 * generated as the compose file's header says: production refuses committed values.
 */
const REQUIRED: Record<string, string> = {
  POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  INTERNAL_JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: randomBytes(16).toString('hex'),
  STRAVA_CLIENT_SECRET: randomBytes(20).toString('hex'),
  STRAVA_TOKEN_KEY: randomBytes(32).toString('hex'),
  STRAVA_WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(24).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
};
/** Secrets a deployment may leave out: they may only default to nothing. */
const OPTIONAL_SECRETS = ['OPENAI_API_KEY', 'SMTP_PASSWORD'];
const SECRET_NAME = /SECRET|KEY|PASSWORD|TOKEN/;

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

/** The shared library's build: its parser and committed secrets. */
const commonDist = async () =>
  (await import(pathToFileURL(join(ROOT, 'services/common/dist/index.js')).href)) as {
    parseConfig: (service: string, schema: unknown, env: Record<string, string | undefined>) => unknown;
    LOCAL_SECRETS: Record<string, string>;
  };

/** A container's environment as compose would hand it over with this .env. */
const composeEnv = (name: string, dotenv: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(services[name]!.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(value, dotenv),
    ]),
  );

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
    const common = await commonDist();
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      const schema = await schemaOf(name);
      expect(schema).toBeDefined();
      expect(() => common.parseConfig(name, schema, composeEnv(name, REQUIRED))).not.toThrow();
    }
    for (const name of Object.keys(REQUIRED)) {
      const { [name]: _missing, ...rest } = REQUIRED;
      expect(() => composeEnv('auth', rest)).toThrow(name);
    }
    expect(composeText).not.toMatch(/change-me/);
  });

  it('gives no secret a default: each is required (`${NAME:?…}`), an optional one defaults to nothing', () => {
    const seen = new Set<string>();
    for (const [service, { environment = {} }] of Object.entries(services)) {
      for (const [key, value] of Object.entries(environment)) {
        if (!SECRET_NAME.test(key)) continue;
        seen.add(key);
        const expected = OPTIONAL_SECRETS.includes(key)
          ? new RegExp(`^\\$\\{${key}:-\\}$`)
          : new RegExp(`^\\$\\{${key}:\\?[^}]+\\}$`);
        expect({ service, key, value: String(value) }).toEqual({
          service,
          key,
          value: expect.stringMatching(expected),
        });
      }
    }
    expect([...seen].sort()).toEqual([...Object.keys(REQUIRED), ...OPTIONAL_SECRETS].sort());
    // and the database password is no literal inside the URL either
    for (const name of appNames)
      expect(services[name]!.environment!.DATABASE_URL).toMatch(
        /^postgres:\/\/domestique:\$\{POSTGRES_PASSWORD:\?[^}]+\}@/,
      );
  });

  it('refuses, in every process, the committed example secrets put in .env', async () => {
    const common = await commonDist();
    const { LOCAL_SECRETS } = common;
    const committed = { ...REQUIRED, ...LOCAL_SECRETS, STRAVA_TOKEN_KEY: 'ab'.repeat(32) };
    const expected: Record<string, string[]> = {
      auth: ['ADMIN_PASSWORD', 'INTERNAL_JWT_SECRET'],
      rides: [
        'INTERNAL_JWT_SECRET',
        'STRAVA_CLIENT_SECRET',
        'STRAVA_TOKEN_KEY',
        'STRAVA_WEBHOOK_VERIFY_TOKEN',
      ],
      analysis: ['INTERNAL_JWT_SECRET', 'OPENAI_API_KEY'],
      billing: ['INTERNAL_JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      admin: ['INTERNAL_JWT_SECRET'],
      gateway: ['INTERNAL_JWT_SECRET'],
    };
    for (const [name, offenders] of Object.entries(expected)) {
      let problems: string[] = [];
      try {
        common.parseConfig(name, await schemaOf(name), composeEnv(name, committed));
      } catch (error) {
        problems = (error as { problems: string[] }).problems;
      }
      expect({ name, offenders: problems.map((problem) => problem.split(':')[0]).sort() }).toEqual({
        name,
        offenders,
      });
    }
  });

  it('believes X-Forwarded-For from the gateway only inside the network, and from nobody at the gateway by default', () => {
    for (const name of SERVICE_NAMES) {
      expect(services[name]!.environment?.TRUST_PROXY).toBe('uniquelocal');
      expect(services[`${name}-worker`]!.environment?.TRUST_PROXY).toBe('uniquelocal');
    }
    expect(services.gateway!.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-none}');
    expect(interpolate(services.gateway!.environment?.TRUST_PROXY, REQUIRED)).toBe('none');
    expect(interpolate(services.gateway!.environment?.TRUST_PROXY, { ...REQUIRED, TRUST_PROXY: '1' })).toBe(
      '1',
    );
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
