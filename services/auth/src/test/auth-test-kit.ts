import { eventually } from '@domestique/common/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { freePort } from '../../../../infra/dev/ports.mjs';
import { RATE_LIMITED_ACTIONS, rateLimitEnvKeys } from '../throttling/rate-limits.js';

/** Cheap argon2 for tests (the production cost is set by ARGON2_*). */
export const FAST_HASHING = { ARGON2_MEMORY_KIB: '4096', ARGON2_ITERATIONS: '1' } as const;

/** Limits no test reaches, for suites that are not about abuse protection. */
export const GENEROUS_LIMITS: Record<string, string> = Object.fromEntries(
  RATE_LIMITED_ACTIONS.flatMap((action) => {
    const keys = rateLimitEnvKeys(action);
    return [
      [keys.perIp, '100000'],
      [keys.perAccount, '100000'],
    ];
  }),
);

/** A documentation-range address (RFC 5737) unique to one test, sent as X-Forwarded-For. */
export const testIp = (): string => `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface CaughtMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
}

export interface MailCatcher {
  smtpPort: number;
  /** every message to this address, oldest first */
  messagesTo(address: string): Promise<CaughtMail[]>;
  stop(): Promise<void>;
}

const MAILDEV_BIN = resolve(import.meta.dirname, '../../../../node_modules/maildev/dist/bin/maildev.js');

/** The maildev catcher `npm run up` starts, on free ports, as the SMTP server of a test. */
export const startMailCatcher = async (): Promise<MailCatcher> => {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      MAILDEV_BIN,
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--smtp',
      `${smtpPort}`,
      '--web',
      `${webPort}`,
      '--silent',
    ],
    { stdio: 'ignore' },
  );
  const web = `http://127.0.0.1:${webPort}`;
  await eventually(async () => (await fetch(`${web}/api/healthz`)).ok, 20_000, 200);
  return {
    smtpPort,
    messagesTo: async (address) => {
      const all = (await (await fetch(`${web}/api/email`)).json()) as CaughtMail[];
      return all.filter((mail) => mail.to.some((to) => to.address === address));
    },
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};

/** The reset link's token in an email. */
export const tokenInMail = (mail: CaughtMail): string => {
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No reset link in: ${mail.text}`);
  return token;
};
