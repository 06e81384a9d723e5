// Starts and stops the whole system as child processes: every service's API and worker, the
// simulators, the mail catcher and the gateway. Used by `npm run up` and by the end-to-end tests.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SERVICES } from './env.mjs';
import { freePort } from './ports.mjs';

export { freePort };

const PORT_KEYS = {
  auth: ['AUTH_PORT', 'AUTH_WORKER_HEALTH_PORT'],
  rides: ['RIDES_PORT', 'RIDES_WORKER_HEALTH_PORT'],
  analysis: ['ANALYSIS_PORT', 'ANALYSIS_WORKER_HEALTH_PORT'],
  billing: ['BILLING_PORT', 'BILLING_WORKER_HEALTH_PORT'],
  admin: ['ADMIN_PORT', 'ADMIN_WORKER_HEALTH_PORT'],
};
const URL_KEYS = {
  auth: 'AUTH_URL',
  rides: 'RIDES_URL',
  analysis: 'ANALYSIS_URL',
  billing: 'BILLING_URL',
  admin: 'ADMIN_URL',
};

/**
 * Provider simulators and developer tools, started before the services. Each entry:
 *   name, entry (a script under the repo), args(env) (optional), portKeys (variables holding its
 *   ports), derive(env) (variables that follow from its ports, e.g. base URLs), health(env) (URL).
 */
export const SIMULATORS = [
  {
    // Strava: the rides service's STRAVA_API_URL / STRAVA_OAUTH_URL point at it; browsers open its
    // authorize page; it pushes webhook events to the callback the rides service subscribes.
    name: 'strava-sim',
    entry: 'infra/simulators/dist/strava/main.js',
    portKeys: ['STRAVA_SIM_PORT'],
    derive: (env) => ({
      STRAVA_API_URL: `http://127.0.0.1:${env.STRAVA_SIM_PORT}/api/v3`,
      STRAVA_OAUTH_URL: `http://127.0.0.1:${env.STRAVA_SIM_PORT}/oauth`,
      STRAVA_SIM_PUBLIC_URL: `http://127.0.0.1:${env.STRAVA_SIM_PORT}`,
    }),
    health: (env) => `http://127.0.0.1:${env.STRAVA_SIM_PORT}/health`,
  },
  {
    // Stripe: the billing service's API host/port/protocol point at it; it posts signed webhooks to
    // the gateway's /api/stripe/webhook and serves the hosted Checkout and portal pages.
    name: 'stripe-sim',
    entry: 'infra/simulators/dist/stripe/main.js',
    portKeys: ['STRIPE_SIM_PORT'],
    derive: (env) => ({
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: env.STRIPE_SIM_PORT,
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_SIM_PUBLIC_URL: `http://127.0.0.1:${env.STRIPE_SIM_PORT}`,
      STRIPE_SIM_WEBHOOK_URL: `${env.PUBLIC_URL}/api/stripe/webhook`,
    }),
    health: (env) => `http://127.0.0.1:${env.STRIPE_SIM_PORT}/health`,
  },
  {
    // Mail catcher: the auth service sends password reset emails to its SMTP port; its web inbox
    // (and GET /api/email, which the end-to-end tests read) is on the web port.
    name: 'maildev',
    entry: 'node_modules/maildev/dist/bin/maildev.js',
    args: (env) => [
      ...['--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
      ...['--smtp', env.MAILDEV_SMTP_PORT, '--web', env.MAILDEV_WEB_PORT],
    ],
    portKeys: ['MAILDEV_SMTP_PORT', 'MAILDEV_WEB_PORT'],
    derive: (env) => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: env.MAILDEV_SMTP_PORT, SMTP_SECURE: 'false' }),
    health: (env) => `http://127.0.0.1:${env.MAILDEV_WEB_PORT}/api/healthz`,
  },
];

/** Gives every process its own free port (tests run beside a developer's system and each other). */
export const withFreePorts = async (env) => {
  const next = { ...env };
  for (const simulator of SIMULATORS) {
    for (const key of simulator.portKeys) next[key] = String(await freePort());
  }
  for (const service of SERVICES) {
    const [apiKey, workerKey] = PORT_KEYS[service];
    next[apiKey] = String(await freePort());
    next[workerKey] = String(await freePort());
    next[URL_KEYS[service]] = `http://127.0.0.1:${next[apiKey]}`;
  }
  next.GATEWAY_PORT = String(await freePort());
  next.PUBLIC_URL = `http://127.0.0.1:${next.GATEWAY_PORT}`;
  next.EXTRA_ALLOWED_ORIGINS = `http://localhost:${next.GATEWAY_PORT}`;
  for (const simulator of SIMULATORS) Object.assign(next, simulator.derive?.(next) ?? {});
  return next;
};

/** The processes of the system, in start order. */
export const stackProcesses = (env) => [
  ...SIMULATORS.map((simulator) => ({
    name: simulator.name,
    entry: simulator.entry,
    args: simulator.args?.(env) ?? [],
    health: simulator.health(env),
  })),
  ...SERVICES.flatMap((service) => [
    {
      name: service,
      entry: `services/${service}/dist/main.js`,
      health: `http://127.0.0.1:${env[PORT_KEYS[service][0]]}/health`,
      portKey: PORT_KEYS[service][0],
    },
    {
      name: `${service}-worker`,
      entry: `services/${service}/dist/worker.js`,
      health: `http://127.0.0.1:${env[PORT_KEYS[service][1]]}/health`,
      portKey: PORT_KEYS[service][1],
    },
  ]),
  {
    name: 'gateway',
    entry: 'gateway/dist/main.js',
    health: `http://127.0.0.1:${env.GATEWAY_PORT}/health`,
    portKey: 'GATEWAY_PORT',
  },
];

/** The names of a process's replicas: itself alone, or name-1 … name-N. */
export const replicaNames = (name, replicas = 1) =>
  replicas > 1 ? Array.from({ length: replicas }, (_, i) => `${name}-${i + 1}`) : [name];

/**
 * Free ports for `replicas` copies of every service API, worker and gateway, by port variable
 * (AUTH_PORT: [p1, p2], …). The ports withFreePorts gave those variables stay the system's
 * addresses: a balancer listens there and spreads over the replicas (infra/dev/resilience/balancer.mjs).
 */
export const replicaPorts = async (replicas) => {
  const ports = {};
  for (const key of [...Object.values(PORT_KEYS).flat(), 'GATEWAY_PORT']) {
    ports[key] = [];
    for (let i = 0; i < replicas; i += 1) ports[key].push(String(await freePort()));
  }
  return ports;
};

/**
 * The processes with each service API, worker and gateway started `ports[portKey].length` times,
 * each copy on its own port (its port variable set for it alone); simulators stay single.
 */
export const replicatedProcesses = (processes, ports) =>
  processes.flatMap((proc) => {
    const own = proc.portKey && ports[proc.portKey];
    if (!own || own.length < 2) return [proc];
    const names = replicaNames(proc.name, own.length);
    return own.map((port, i) => ({
      ...proc,
      name: names[i],
      env: { ...proc.env, [proc.portKey]: port },
      health: `http://127.0.0.1:${port}/health`,
    }));
  });

const COLORS = [31, 32, 33, 34, 35, 36, 91, 92, 93, 94, 95, 96];

/** Turns a JSON log line into one readable line; other lines pass through. */
const pretty = (line) => {
  try {
    const entry = JSON.parse(line);
    const { level, time, msg, context, err, ...rest } = entry;
    for (const noise of ['pid', 'hostname', 'service', 'correlationId']) delete rest[noise];
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    const error = err ? ` ${err.message ?? ''}${level === 'error' && err.stack ? `\n${err.stack}` : ''}` : '';
    return `${(time ?? '').slice(11, 23)} ${String(level).toUpperCase().padEnd(5)} ${context ? `[${context}] ` : ''}${msg ?? ''}${extra}${error}`;
  } catch {
    return line;
  }
};

/** The last lines of a process's log file, to say why it stopped (empty when it logs to the terminal). */
const logTail = (logFile, lines = 40) => {
  if (!logFile || !existsSync(logFile)) return '';
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-lines).map(pretty).join('\n');
  return `\n--- last lines of ${logFile} ---\n${tail}`;
};

const waitForHealth = async (url, child, name, timeoutMs, logFile) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      // let the pipes flush what the process wrote before it exited
      await new Promise((r) => setTimeout(r, 200));
      throw new Error(
        `${name} exited with code ${child.exitCode} before it became healthy${logTail(logFile)}`,
      );
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s${logTail(logFile)}`);
};

/**
 * Starts every process with `env`. Logs go to the terminal with a coloured prefix (`logs: 'terminal'`)
 * or to one file per process in `logDir`. Resolves when everything answers its health check.
 */
export const startStack = async ({ env, logs = 'terminal', logDir, timeoutMs = 90_000, processes } = {}) => {
  const list = processes ?? stackProcesses(env);
  for (const proc of list) {
    if (!existsSync(join(ROOT, proc.entry)))
      throw new Error(`${proc.entry} is missing: run npm run build first`);
  }
  if (logDir) mkdirSync(logDir, { recursive: true });
  const children = [];
  const stop = async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 8000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  };
  let colour = 0;
  // DEV_CPU_PROFILE=gateway,rides writes a V8 CPU profile of those processes to test-results/cpu-profiles/ when they stop
  const profiled = (process.env.DEV_CPU_PROFILE ?? '').split(',');
  const logFileOf = (proc) => (logs === 'terminal' ? undefined : join(logDir, `${proc.name}.log`));
  const launch = (proc) => {
    const profile = profiled.includes(proc.name)
      ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'test-results/cpu-profiles')}`]
      : [];
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', ...profile, proc.entry, ...(proc.args ?? [])],
      {
        cwd: ROOT,
        env: { ...process.env, ...env, ...proc.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    if (logs === 'terminal') {
      const prefix = `\x1b[${COLORS[colour++ % COLORS.length]}m${proc.name.padEnd(16)}\x1b[0m`;
      const relay = (stream) => {
        let buffer = '';
        stream.on('data', (chunk) => {
          buffer += chunk.toString();
          const lines = buffer.split('\n');
          buffer = lines.pop();
          for (const line of lines) if (line.trim()) process.stdout.write(`${prefix} ${pretty(line)}\n`);
        });
      };
      relay(child.stdout);
      relay(child.stderr);
    } else {
      const file = createWriteStream(logFileOf(proc), { flags: 'a' });
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    return child;
  };
  try {
    for (const proc of list) children.push({ proc, child: launch(proc) });
    for (const { proc, child } of children) {
      if (proc.health) await waitForHealth(proc.health, child, proc.name, timeoutMs, logFileOf(proc));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const entryOf = (name) => {
    const entry = children.find(({ proc }) => proc.name === name);
    if (!entry) throw new Error(`No process named ${name}`);
    return entry;
  };
  /** Kills one process (SIGKILL by default: a crash) and resolves when it has exited. */
  const kill = (name, signal = 'SIGKILL') => {
    const { child } = entryOf(name);
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };
  /** Starts a killed process again and resolves when it answers its health check. */
  const relaunch = async (name) => {
    const entry = entryOf(name);
    entry.child = launch(entry.proc);
    if (entry.proc.health)
      await waitForHealth(entry.proc.health, entry.child, name, timeoutMs, logFileOf(entry.proc));
  };
  return { env, children, stop, kill, relaunch, gatewayUrl: `http://127.0.0.1:${env.GATEWAY_PORT}` };
};
