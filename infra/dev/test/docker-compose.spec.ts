import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  profiles?: string[];
  restart?: string;
  volumes?: string[];
}

const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
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
/** Secrets a deployment may leave out: they may only default to nothing (the OpenAI fake takes .env's key). */
const OPTIONAL_SECRETS: Record<string, string> = {
  OPENAI_API_KEY: 'OPENAI_API_KEY',
  SMTP_PASSWORD: 'SMTP_PASSWORD',
  // Prometheus' bearer: unset, the gateway does not serve /metrics
  METRICS_TOKEN: 'METRICS_TOKEN',
  OPENAI_FAKE_API_KEY: 'OPENAI_API_KEY',
};
const SECRET_NAME = /SECRET|KEY|PASSWORD|TOKEN/;

/** What a real host's .env names besides the secrets: its address and the real providers' accounts. */
const REAL_HOST: Record<string, string> = {
  PUBLIC_URL: 'https://domestique.example.com',
  STRAVA_CLIENT_ID: '12345',
  SMTP_HOST: 'smtp.example.com',
};

/** A .env file's assignments (comments and blank lines skipped). */
const readDotenv = (path: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
/** The laptop demo's settings, appended to the operator's .env (the compose file's header). */
const DEMO = readDotenv(join(ROOT, 'infra/docker/demo.env'));
const DEMO_SERVICES = ['maildev', 'openai-fake', 'strava-sim', 'stripe-sim'];

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
const inDemo = (name: string) => services[name]!.profiles?.includes('demo') ?? false;
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
    expect(gateway.ports?.map((port) => interpolate(port, REQUIRED))).toEqual(['127.0.0.1:3000:3000']);
    expect(gateway.ports?.map((port) => interpolate(port, { GATEWAY_BIND: '0.0.0.0' }))).toEqual([
      '0.0.0.0:3000:3000',
    ]);
    expect(gateway.environment?.WEB_DIST).toBe('/app/web/dist');
  });

  it('binds services to all interfaces inside their containers', () => {
    for (const name of SERVICE_NAMES)
      expect(services[name]!.environment?.[`${name.toUpperCase()}_HOST`]).toBe('0.0.0.0');
  });

  it.each([
    ['a real host', REAL_HOST],
    ['the laptop demo', DEMO],
  ])(
    "boots every process with the compose environment of %s and refuses to start without the operator's secrets",
    async (_name, settings) => {
      const common = await commonDist();
      const dotenv = { ...REQUIRED, ...settings };
      for (const name of [...SERVICE_NAMES, 'gateway']) {
        const schema = await schemaOf(name);
        expect(schema).toBeDefined();
        expect(() => common.parseConfig(name, schema, composeEnv(name, dotenv))).not.toThrow();
      }
      for (const name of Object.keys(REQUIRED)) {
        const { [name]: _missing, ...rest } = dotenv;
        expect(() => composeEnv('auth', rest)).toThrow(name);
      }
    },
  );

  it("names no secret in the demo's settings, and refuses to start without a real host's address and providers", () => {
    for (const key of Object.keys(DEMO)) expect(key).not.toMatch(SECRET_NAME);
    for (const name of Object.keys(REAL_HOST)) {
      const { [name]: _missing, ...rest } = { ...REQUIRED, ...REAL_HOST };
      expect(() => composeEnv(name === 'STRAVA_CLIENT_ID' ? 'rides' : 'auth', rest)).toThrow(name);
    }
    expect(composeText).not.toMatch(/change-me/);
  });

  it('gives no secret a default: each is required (`${NAME:?…}`), an optional one defaults to nothing', () => {
    const seen = new Set<string>();
    for (const [service, { environment = {} }] of Object.entries(services)) {
      for (const [key, value] of Object.entries(environment)) {
        if (!SECRET_NAME.test(key)) continue;
        seen.add(key);
        const expected =
          key in OPTIONAL_SECRETS
            ? new RegExp(`^\\$\\{${OPTIONAL_SECRETS[key]}:-\\}$`)
            : new RegExp(`^\\$\\{${key}:\\?[^}]+\\}$`);
        expect({ service, key, value: String(value) }).toEqual({
          service,
          key,
          value: expect.stringMatching(expected),
        });
      }
    }
    expect([...seen].sort()).toEqual([...Object.keys(REQUIRED), ...Object.keys(OPTIONAL_SECRETS)].sort());
    // and the database password is no literal inside the URL either
    for (const name of appNames)
      expect(services[name]!.environment!.DATABASE_URL).toMatch(
        /^postgres:\/\/domestique:\$\{POSTGRES_PASSWORD:\?[^}]+\}@/,
      );
  });

  it('refuses, in every process, the committed example secrets put in .env', async () => {
    const common = await commonDist();
    const { LOCAL_SECRETS } = common;
    const committed = { ...REQUIRED, ...REAL_HOST, ...LOCAL_SECRETS, STRAVA_TOKEN_KEY: 'ab'.repeat(32) };
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

  it('runs the simulators, the mail catcher and the OpenAI fake in the demo profile only, on the loopback', () => {
    expect(Object.keys(services).filter(inDemo).sort()).toEqual(DEMO_SERVICES);
    expect(DEMO.COMPOSE_PROFILES).toBe('demo');
    for (const name of DEMO_SERVICES) {
      for (const port of services[name]!.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
      const entry = services[name]!.command![1]!;
      expect(
        existsSync(join(ROOT, entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts'))) ||
          entry.startsWith('node_modules/'),
      ).toBe(true);
    }
    for (const [name, port] of [
      ['strava-sim', '4301'],
      ['stripe-sim', '4302'],
      ['maildev', '1080'],
    ] as const) {
      expect(services[name]!.ports).toEqual([`127.0.0.1:${port}:${port}`]);
      expect(services[name]!.healthcheck?.test.join(' ')).toContain(`:${port}/`);
    }
    expect(services['openai-fake']!.ports).toBeUndefined();
    expect(services['openai-fake']!.healthcheck?.test.join(' ')).toContain(':4303/health');
  });

  it('starts without the demo profile: no other service depends on a demo service', () => {
    for (const [name, service] of Object.entries(services)) {
      if (inDemo(name)) continue;
      expect(service.profiles).toBeUndefined();
      expect({ name, demo: Object.keys(service.depends_on ?? {}).filter(inDemo) }).toEqual({
        name,
        demo: [],
      });
    }
  });

  it('points the services at the real providers on a real host, and at the simulators in the demo', async () => {
    const host = { ...REQUIRED, ...REAL_HOST };
    expect(composeEnv('rides', host)).toMatchObject({
      STRAVA_API_URL: 'https://www.strava.com/api/v3',
      STRAVA_OAUTH_URL: 'https://www.strava.com/oauth',
      STRAVA_CLIENT_ID: '12345',
    });
    expect(composeEnv('billing', host)).toMatchObject({
      STRIPE_API_HOST: 'api.stripe.com',
      STRIPE_API_PORT: '443',
      STRIPE_API_PROTOCOL: 'https',
      LANDING_PROMO_CODE: '',
    });
    expect(composeEnv('auth', host).SMTP_HOST).toBe('smtp.example.com');
    expect(composeEnv('analysis', host).OPENAI_BASE_URL).toBe('');

    const demo = { ...REQUIRED, ...DEMO };
    expect(composeEnv('auth', demo).SMTP_HOST).toBe('maildev');
    expect(composeEnv('auth', demo).SMTP_PORT).toBe('1025');
    expect(composeEnv('rides', demo)).toMatchObject({
      STRAVA_API_URL: 'http://strava-sim:4301/api/v3',
      STRAVA_OAUTH_URL: 'http://localhost:4301/oauth',
      STRAVA_CLIENT_ID: composeEnv('strava-sim', demo).STRAVA_CLIENT_ID,
    });
    expect(composeEnv('billing', demo)).toMatchObject({
      STRIPE_API_HOST: 'stripe-sim',
      STRIPE_API_PORT: '4302',
    });
    expect(composeEnv('analysis', demo).OPENAI_BASE_URL).toBe('http://openai-fake:4303/v1');
    expect(services['stripe-sim']!.environment?.STRIPE_SIM_WEBHOOK_URL).toBe(
      'http://gateway:3000/api/stripe/webhook',
    );

    // the landing promo code: none on a real host unless .env names one, the banner's in the demo
    const common = await commonDist();
    const billingSchema = await schemaOf('billing');
    const landing = (dotenv: Record<string, string>) =>
      (
        common.parseConfig('billing', billingSchema, composeEnv('billing', dotenv)) as {
          LANDING_PROMO_CODE: unknown;
        }
      ).LANDING_PROMO_CODE;
    expect(landing(host)).toBeNull();
    expect(landing(demo)).toBe('DOMESTIQUE90');
    expect(landing({ ...host, LANDING_PROMO_CODE: 'launch50' })).toBe('LAUNCH50');
  });

  it("takes the gateway's address, cookie security, allowed origins and trusted proxy from .env", async () => {
    const operator = {
      ...REQUIRED,
      ...REAL_HOST,
      COOKIE_SECURE: 'true',
      EXTRA_ALLOWED_ORIGINS: 'https://www.domestique.example.com',
      TRUST_PROXY: '1',
    };
    const gateway = composeEnv('gateway', operator);
    for (const key of ['PUBLIC_URL', 'COOKIE_SECURE', 'EXTRA_ALLOWED_ORIGINS', 'TRUST_PROXY'])
      expect({ key, value: gateway[key] }).toEqual({ key, value: operator[key as keyof typeof operator] });
    // every other process that builds links to the public address takes the same one
    for (const name of ['auth', 'rides', 'billing'])
      expect(composeEnv(name, operator).PUBLIC_URL).toBe(REAL_HOST.PUBLIC_URL);

    const common = await commonDist();
    const gatewaySchema = await schemaOf('gateway');
    const config = (dotenv: Record<string, string>) =>
      common.parseConfig('gateway', gatewaySchema, composeEnv('gateway', dotenv)) as Record<string, unknown>;
    // unset, cookie security is left to the gateway (Secure in production); the demo turns it off
    expect(composeEnv('gateway', { ...REQUIRED, ...REAL_HOST }).COOKIE_SECURE).toBe('');
    expect(config({ ...REQUIRED, ...REAL_HOST }).COOKIE_SECURE).toBeUndefined();
    expect(config({ ...REQUIRED, ...DEMO }).COOKIE_SECURE).toBe(false);
    // and the gateway then sets Secure cookies on a real host, not in the plain-http demo
    const cookies = (await import(
      pathToFileURL(join(ROOT, 'gateway/dist/sessions/session-cookies.js')).href
    )) as { cookiePolicyOf: (config: unknown) => { secure: boolean } };
    expect(cookies.cookiePolicyOf(config({ ...REQUIRED, ...REAL_HOST })).secure).toBe(true);
    expect(cookies.cookiePolicyOf(config({ ...REQUIRED, ...DEMO })).secure).toBe(false);
    expect(config(operator)).toMatchObject({
      PUBLIC_URL: REAL_HOST.PUBLIC_URL,
      COOKIE_SECURE: true,
      EXTRA_ALLOWED_ORIGINS: 'https://www.domestique.example.com',
    });
  });

  it('keeps PostgreSQL and Redis on named volumes and restarts every long-running container', () => {
    for (const [name, path] of [
      ['postgres', '/var/lib/postgresql/data'],
      ['redis', '/data'],
    ] as const) {
      const [volume] = services[name]!.volumes ?? [];
      expect(volume).toMatch(new RegExp(`^[\\w-]+:${path}$`));
      expect(Object.keys(compose.volumes ?? {})).toContain(volume!.split(':')[0]);
    }
    for (const [name, service] of Object.entries(services))
      expect({ name, restart: service.restart }).toEqual({ name, restart: 'unless-stopped' });
  });

  it('builds on Node 24, the current LTS, while package.json still accepts the Node 20.19 of the development machines', () => {
    const dockerfile = readFileSync(join(ROOT, 'infra/docker/Dockerfile'), 'utf8');
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24[.-]/);
    const engines = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    expect(engines).toContain('>=20.19');
  });

  // Docker's compose (the plugin or Debian's docker-compose), where installed, checks the file too
  // (.ci/run installs Debian's docker-compose when it is missing, so CI always runs this).
  const composeCommand = [['docker', 'compose'], ['docker-compose']].find(
    ([command, ...args]) => spawnSync(command!, [...args, 'version'], { stdio: 'ignore' }).status === 0,
  );
  (composeCommand ? it : it.skip)(
    'is accepted by `docker compose config` with and without the demo profile',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'compose-'));
      try {
        for (const [settings, profiles] of [
          [REAL_HOST, ''],
          [DEMO, 'demo'],
        ] as const) {
          const envFile = join(dir, '.env');
          writeFileSync(
            envFile,
            Object.entries({ ...REQUIRED, ...settings, COMPOSE_PROFILES: profiles })
              .map(([key, value]) => `${key}=${value}`)
              .join('\n'),
          );
          const [command, ...args] = composeCommand!;
          const run = spawnSync(
            command!,
            [...args, '--env-file', envFile, '-f', join(ROOT, 'docker-compose.yml'), 'config', '--services'],
            { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
          );
          expect(run.stderr).toBe('');
          expect(run.status).toBe(0);
          // Debian's docker-compose 1.x lists every service whatever the profile; the plugin only the
          // active ones: the profile's members are checked on the parsed file above either way
          const listed = run.stdout.trim().split('\n').sort();
          if (profiles) expect(listed).toEqual(expect.arrayContaining(DEMO_SERVICES));
          expect(listed).toEqual(expect.arrayContaining(['gateway', 'postgres', 'redis']));
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

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
