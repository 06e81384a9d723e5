import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
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
