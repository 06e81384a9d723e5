import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifySessionsRevoke } from '@domestique/common';
import { eventually, identityHeaders, startTestApi, type TestApi } from '@domestique/common/testing';
import { INTERNAL_HEADERS } from '@domestique/proto';
import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../../config/env.schema.js';
import { authService } from '../../service.js';
import {
  FAST_HASHING,
  GENEROUS_LIMITS,
  startMailCatcher,
  tokenInMail,
  type MailCatcher,
} from '../../test/auth-test-kit.js';

const PUBLIC_URL = 'https://ride.example.test';
const newEmail = () => `reset-${randomUUID().slice(0, 8)}@example.com`;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe('password reset by email (real PostgreSQL, Redis and SMTP catcher)', () => {
  let api: TestApi<AuthConfig>;
  let mail: MailCatcher;
  let anonymous: Record<string, string>;
  let db: DataSource;

  beforeAll(async () => {
    mail = await startMailCatcher();
    api = await startTestApi(authService, {
      ...FAST_HASHING,
      ...GENEROUS_LIMITS,
      PUBLIC_URL,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.smtpPort),
    });
    anonymous = await identityHeaders({ role: 'anonymous' });
    db = api.app.get(DataSource);
  }, 60_000);
  afterAll(async () => {
    await api.close();
    await mail.stop();
  });

  const http = () => request(api.app.getHttpServer());
  const register = async (email = newEmail(), password = 'old-secret-1') => {
    const answer = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email, password, firstName: 'Rosa', lastName: 'Reset' });
    expect(answer.status).toBe(201);
    return { id: answer.body.id as string, email, password };
  };
  const forgot = (email: unknown) => http().post('/api/auth/forgot-password').set(anonymous).send({ email });
  const reset = (token: unknown, newPassword: unknown) =>
    http().post('/api/auth/reset-password').set(anonymous).send({ token, newPassword });
  const login = (email: string, password: string) =>
    http().post('/api/auth/login').set(anonymous).send({ email, password });
  const tokensOf = (userId: string) =>
    db.query('SELECT token_hash, expires_at, created_at FROM auth.password_reset_tokens WHERE user_id = $1', [
      userId,
    ]) as Promise<{ token_hash: string; expires_at: Date; created_at: Date }[]>;
  /** Waits for the nth email to the address and answers its token. */
  const nthResetToken = async (email: string, n: number) => {
    const messages = await eventually(async () => {
      const found = await mail.messagesTo(email);
      return found.length >= n ? found : undefined;
    });
    return tokenInMail(messages[n - 1]!);
  };

  it('emails a one-hour link to /reset-password and stores only the token hash', async () => {
    const rider = await register();
    const started = Date.now();
    const answer = await forgot(` ${rider.email.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: "If an account exists for that email, we've sent a link to reset your password.",
    });

    const [message] = await eventually(async () => {
      const found = await mail.messagesTo(rider.email);
      return found.length ? found : undefined;
    });
    expect(message!.subject).toBe('Reset your Domestique password');
    expect(message!.from[0]).toEqual({ address: 'no-reply@domestique.app', name: 'Domestique' });
    const token = tokenInMail(message!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(message!.text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(message!.html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(message!.text).toContain('expires in 1 hour');

    const [stored] = await tokensOf(rider.id);
    expect(stored!.token_hash).toBe(sha256(token));
    expect(stored!.token_hash).not.toContain(token);
    const lifetime = stored!.expires_at.getTime() - started;
    expect(lifetime).toBeGreaterThan(3600_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000 + 5_000);
  });

  it('answers the same for an unknown email, sending nothing and storing nothing', async () => {
    const before = Number((await db.query('SELECT count(*) FROM auth.password_reset_tokens'))[0].count);
    const email = newEmail();
    const answer = await forgot(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: "If an account exists for that email, we've sent a link to reset your password.",
    });
    // a known address sent after it arrives first, so the unknown one had its chance to be (wrongly) sent
    const known = await register();
    await forgot(known.email);
    await nthResetToken(known.email, 1);
    expect(await mail.messagesTo(email)).toEqual([]);
    expect(Number((await db.query('SELECT count(*) FROM auth.password_reset_tokens'))[0].count)).toBe(
      before + 1,
    );
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 42 }, 'Email is required'],
    [{}, 'Email is required'],
    [{ email: 'a@b.co', extra: 1 }, 'Unexpected field: extra'],
  ])('refuses a malformed request %j with 400', async (body, message) => {
    const answer = await http().post('/api/auth/forgot-password').set(anonymous).send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('resets with the link: the new password works, the old one fails, every session ends, the link is used up', async () => {
    const rider = await register();
    await forgot(rider.email);
    const token = await nthResetToken(rider.email, 1);

    const answer = await reset(token, 'new-secret-2');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Your password has been reset. Please sign in with your new password.');
    const revoke = answer.headers[INTERNAL_HEADERS.sessionsRevoke] as string;
    expect(await verifySessionsRevoke(revoke, api.config.INTERNAL_JWT_SECRET)).toBe(rider.id);

    expect((await login(rider.email, 'new-secret-2')).status).toBe(200);
    expect((await login(rider.email, rider.password)).status).toBe(401);
    const [row] = await db.query('SELECT password_hash FROM auth.users WHERE id = $1', [rider.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const again = await reset(token, 'third-secret-3');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Invalid reset token', code: 'AUTH_INVALID_RESET_TOKEN' });
    expect(again.headers[INTERNAL_HEADERS.sessionsRevoke]).toBeUndefined();
    expect((await login(rider.email, 'new-secret-2')).status).toBe(200);
    expect(await tokensOf(rider.id)).toEqual([]);
  });

  it('a new link invalidates the earlier ones', async () => {
    const rider = await register();
    await forgot(rider.email);
    const first = await nthResetToken(rider.email, 1);
    await forgot(rider.email);
    const second = await nthResetToken(rider.email, 2);
    expect(second).not.toBe(first);
    expect(await tokensOf(rider.id)).toHaveLength(1);

    const stale = await reset(first, 'new-secret-2');
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Invalid reset token');
    expect((await reset(second, 'new-secret-2')).status).toBe(200);
  });

  it('keeps exactly one live link when requests for the same account race', async () => {
    const rider = await register();
    const answers = await Promise.all(Array.from({ length: 5 }, () => forgot(rider.email)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await tokensOf(rider.id)).toHaveLength(1);
  });

  it('refuses an expired link with its own message and changes nothing', async () => {
    const rider = await register();
    await forgot(rider.email);
    const token = await nthResetToken(rider.email, 1);
    await db.query(
      `UPDATE auth.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [rider.id],
    );
    const answer = await reset(token, 'new-secret-2');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'This reset link has expired. Please request a new password reset.',
      code: 'AUTH_EXPIRED_RESET_TOKEN',
    });
    expect((await login(rider.email, rider.password)).status).toBe(200);
  });

  it.each([
    [{ token: 'x', newPassword: '12345' }, 'Password must be at least 6 characters long'],
    [{ newPassword: 'secret12' }, 'Invalid reset token'],
    [{ token: '  ', newPassword: 'secret12' }, 'Invalid reset token'],
    [{ token: 'not-a-real-token', newPassword: 'secret12' }, 'Invalid reset token'],
    [{ token: 'x', newPassword: 123456 }, 'Password is required'],
  ])('refuses %j with 400', async (body, message) => {
    const answer = await http().post('/api/auth/reset-password').set(anonymous).send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const rider = await register();
    await forgot(rider.email);
    const token = await nthResetToken(rider.email, 1);
    const answers = await Promise.all([reset(token, 'racer-one-1'), reset(token, 'racer-two-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'racer-one-1' : 'racer-two-2';
    expect((await login(rider.email, winner)).status).toBe(200);
  });

  it('offers forgotPassword and resetPassword in GraphQL', async () => {
    const rider = await register();
    const gql = (query: string, variables: object) =>
      http().post('/graphql').set(anonymous).send({ query, variables });
    const asked = await gql('mutation($i: ForgotPasswordInput!) { forgotPassword(input: $i) }', {
      i: { email: rider.email },
    });
    expect(asked.body.data).toEqual({ forgotPassword: true });
    const token = await nthResetToken(rider.email, 1);
    const done = await gql('mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }', {
      i: { token, newPassword: 'graph-secret-1' },
    });
    expect(done.body.data).toEqual({ resetPassword: true });
    expect(done.headers[INTERNAL_HEADERS.sessionsRevoke]).toBeDefined();
    const used = await gql('mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }', {
      i: { token, newPassword: 'graph-secret-2' },
    });
    expect(used.body.errors[0]).toMatchObject({
      message: 'Invalid reset token',
      extensions: { code: 'AUTH_INVALID_RESET_TOKEN' },
    });
    expect((await login(rider.email, 'graph-secret-1')).status).toBe(200);
  });

  it('deletes the links of a deleted account', async () => {
    const rider = await register();
    await forgot(rider.email);
    await nthResetToken(rider.email, 1);
    await db.query('DELETE FROM auth.users WHERE id = $1', [rider.id]);
    expect(await tokensOf(rider.id)).toEqual([]);
  });
});
