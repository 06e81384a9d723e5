import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { StravaSimulator } from '../index.js';
import { api, CLIENT, connect, DEMO_RIDER, json, NOW_MS, postForm, startSim } from './sim-test-kit.js';

const CALLBACK = 'http://localhost:3000/api/strava/callback';
let sim: StravaSimulator;

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());

const authorizeUrl = (params: Record<string, string>) => {
  const url = new URL(`${sim.oauthUrl}/authorize`);
  const all = {
    client_id: CLIENT.id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    approval_prompt: 'force',
    scope: 'read,activity:read_all',
    state: 'nonce-123',
    ...params,
  };
  for (const [key, value] of Object.entries(all)) url.searchParams.set(key, value);
  return url;
};

/** Submits the authorize page the way a browser would (hidden fields + the user's choices). */
const submit = (choices: {
  decision: 'authorize' | 'cancel';
  scope?: string[];
  athlete?: string;
  state?: string;
}) =>
  postForm(`${sim.oauthUrl}/authorize`, {
    client_id: CLIENT.id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    approval_prompt: 'force',
    state: choices.state ?? 'nonce-123',
    requested_scope: 'read,activity:read_all',
    athlete: choices.athlete ?? String(DEMO_RIDER),
    decision: choices.decision,
    scope: choices.scope ?? ['read', 'activity:read_all'],
  });

const exchange = (code: string, extra: Record<string, string> = {}) =>
  postForm(`${sim.oauthUrl}/token`, {
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
    code,
    grant_type: 'authorization_code',
    ...extra,
  });

describe('GET /oauth/authorize', () => {
  it('lists the requested scopes as ticked checkboxes, the demo athletes and Authorize / Cancel', async () => {
    const answer = await fetch(authorizeUrl({}));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    const html = await answer.text();
    expect(html).toContain('Authorize Domestique to connect to Strava');
    expect(html).toMatch(/<input type="checkbox" name="scope" value="read" checked>/);
    expect(html).toMatch(/<input type="checkbox" name="scope" value="activity:read_all" checked>/);
    expect(html).not.toContain('value="profile:read_all"');
    expect(html).toMatch(/<label for="athlete">Demo athlete<\/label><select id="athlete" name="athlete">/);
    expect(html).toMatch(/<option value="1000001" selected>Demo Rider \(Boulder\)<\/option>/);
    expect(html).toContain('<option value="1000002">Alex Moreno (Girona)</option>');
    expect(html).toContain('<button type="submit" name="decision" value="authorize">Authorize</button>');
    expect(html).toContain('<button type="submit" name="decision" value="cancel">Cancel</button>');
    expect(html).toContain('<input type="hidden" name="state" value="nonce-123">');
  });

  it('preselects the athlete named by the `athlete` hint (id or username)', async () => {
    const html = await (await fetch(authorizeUrl({ athlete: 'alex_climbs' }))).text();
    expect(html).toContain('<option value="1000002" selected>');
    expect(html).not.toContain('<option value="1000001" selected>');
  });

  it.each([
    [{ client_id: 'nobody' }, 'client_id'],
    [{ redirect_uri: 'not a url' }, 'redirect_uri'],
    [{ response_type: 'token' }, 'response_type'],
    [{ scope: 'read,everything' }, 'scope'],
  ])('answers a bad %j with Strava’s 400 naming the field', async (params, field) => {
    const answer = await fetch(authorizeUrl(params as Record<string, string>));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'Application', field, code: 'invalid' }],
    });
  });
});

describe('the authorize decision', () => {
  it('Authorize redirects to redirect_uri with the state, a code and the granted scopes', async () => {
    const answer = await submit({ decision: 'authorize' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('state')).toBe('nonce-123');
    expect(location.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);
    const tokens = await json(await exchange(location.searchParams.get('code')!));
    expect((tokens.athlete as { id: number }).id).toBe(DEMO_RIDER);
  });

  it('grants only what the user left ticked, and the API enforces it', async () => {
    const answer = await submit({ decision: 'authorize', scope: ['read'], athlete: '1000002' });
    const location = new URL(answer.headers.get('location')!);
    expect(location.searchParams.get('scope')).toBe('read');
    const tokens = await json<{ access_token: string; athlete: { id: number } }>(
      await exchange(location.searchParams.get('code')!),
    );
    expect(tokens.athlete.id).toBe(1000002);
    const activities = await api(sim, '/athlete/activities', tokens.access_token);
    expect(activities.status).toBe(401);
    expect(await activities.json()).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'AccessToken', field: 'activity:read_permission', code: 'missing' }],
    });
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
  });

  it('Cancel redirects with error=access_denied and the state, and no code', async () => {
    const answer = await submit({ decision: 'cancel', state: 'keep-me' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('keep-me');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('with approval_prompt=auto, skips the page for an athlete who already granted those scopes', async () => {
    const first = await fetch(authorizeUrl({ approval_prompt: 'auto', athlete: String(DEMO_RIDER) }), {
      redirect: 'manual',
    });
    // Demo Rider authorized above: straight back with a new code
    expect(first.status).toBe(302);
    expect(new URL(first.headers.get('location')!).searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);
    const forced = await fetch(authorizeUrl({ approval_prompt: 'force', athlete: String(DEMO_RIDER) }), {
      redirect: 'manual',
    });
    expect(forced.status).toBe(200);
  });
});

describe('POST /oauth/token', () => {
  it('exchanges a code for a six-hour access token, a refresh token and the athlete', async () => {
    const code = sim.control.authorizationCode({ athleteId: DEMO_RIDER });
    const answer = await exchange(code);
    expect(answer.status).toBe(200);
    const body = await json(answer);
    const now = NOW_MS / 1000;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_at: now + 21600, expires_in: 21600 });
    expect(body.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(body.refresh_token).toMatch(/^[0-9a-f]{40}$/);
    expect(body.athlete).toMatchObject({
      id: DEMO_RIDER,
      resource_state: 2,
      firstname: 'Demo',
      lastname: 'Rider',
      username: 'demo_rider',
      city: 'Boulder',
    });
    // a code is good once
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
    });
  });

  it('checks the application: unknown client 400, wrong secret 401, unknown grant type 400', async () => {
    const code = sim.control.authorizationCode({ athleteId: DEMO_RIDER });
    const stranger = await exchange(code, { client_id: '999' });
    expect(stranger.status).toBe(400);
    expect((await json(stranger)).errors).toEqual([
      { resource: 'Application', field: 'client_id', code: 'invalid' },
    ]);
    const wrongSecret = await exchange(code, { client_secret: 'guess' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'Application', field: 'client_secret', code: 'invalid' }],
    });
    const grant = await exchange(code, { grant_type: 'password' });
    expect(grant.status).toBe(400);
    // the code was not spent by the failed attempts
    expect((await exchange(code)).status).toBe(200);
  });

  it('accepts the parameters as JSON too', async () => {
    const answer = await fetch(`${sim.oauthUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        code: sim.control.authorizationCode({ athleteId: DEMO_RIDER }),
        grant_type: 'authorization_code',
      }),
    });
    expect(answer.status).toBe(200);
  });

  it('refresh rotates the refresh token and invalidates the old one; a new access token once expiry nears', async () => {
    const first = await connect(sim);
    const refresh = (token: string) =>
      postForm(`${sim.oauthUrl}/token`, {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        grant_type: 'refresh_token',
        refresh_token: token,
      });
    const early = await json<{ access_token: string; refresh_token: string; expires_at: number }>(
      await refresh(first.refresh_token),
    );
    expect(early).not.toHaveProperty('athlete');
    expect(early.refresh_token).not.toBe(first.refresh_token);
    expect(early.access_token).toBe(first.access_token); // more than an hour left: the same token
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect((await json(reused)).errors).toEqual([
      { resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' },
    ]);
    // the access token expires: the API refuses it, a refresh gives a new one that works
    sim.control.expireTokens(DEMO_RIDER);
    expect((await api(sim, '/athlete', first.access_token)).status).toBe(401);
    const renewed = await json<{ access_token: string; refresh_token: string; expires_at: number }>(
      await refresh(early.refresh_token),
    );
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.expires_at).toBe(sim.control.now() + 21600);
    expect((await api(sim, '/athlete', renewed.access_token)).status).toBe(200);
  });

  it('lets tokens lapse after six hours of the simulator clock', async () => {
    const tokens = await connect(sim, 1000002);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(200);
    sim.control.advanceClock(6 * 3600);
    expect((await api(sim, '/athlete', tokens.access_token)).status).toBe(401);
  });
});

describe('POST /oauth/deauthorize', () => {
  it('revokes the access and refresh tokens of the athlete for the application', async () => {
    const tokens = await connect(sim);
    const other = await connect(sim); // a second authorization of the same athlete
    const answer = await postForm(`${sim.oauthUrl}/deauthorize`, { access_token: tokens.access_token });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ access_token: tokens.access_token });
    for (const token of [tokens.access_token, other.access_token])
      expect((await api(sim, '/athlete', token)).status).toBe(401);
    const refresh = await postForm(`${sim.oauthUrl}/token`, {
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.status).toBe(400);
    const twice = await postForm(`${sim.oauthUrl}/deauthorize`, { access_token: tokens.access_token });
    expect(twice.status).toBe(401);
  });
});
