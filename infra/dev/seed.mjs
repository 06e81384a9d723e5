#!/usr/bin/env node
// Seeds the demo rider through the running gateway's real API (so every service hears of it), then
// connects it to a Strava simulator athlete exactly as a rider would (the connect redirect, the
// simulator's authorize page, the callback) and waits for the import the connection starts, so the
// first screen a newcomer sees has rides. Nothing is written into any service's tables directly.
import { pathToFileURL } from 'node:url';
import { localEnv } from './env.mjs';

export const DEMO_RIDER = {
  email: 'demo@domestique.app',
  password: 'domestique-demo',
  firstName: 'Demo',
  lastName: 'Rider',
};

/** How long the seed waits for the demo rider's first Strava import. */
export const IMPORT_TIMEOUT_MS = 180_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const register = async (gatewayUrl, origin) => {
  const answer = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO_RIDER),
  });
  if (answer.status === 201) return 'created';
  if (answer.status === 409) return 'exists';
  throw new Error(`Seeding the demo rider failed: ${answer.status} ${await answer.text()}`);
};

/** The Cookie header that carries the session a sign-in answer sets. */
export const sessionCookie = (answer) =>
  answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Signs a rider in through the gateway; answers the Cookie header of its session. */
export const signIn = async (gatewayUrl, origin, { email, password } = DEMO_RIDER) => {
  const answer = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200)
    throw new Error(`Signing ${email} in failed: ${answer.status} ${await answer.text()}`);
  return sessionCookie(answer);
};

/** GET through the gateway as the signed-in rider, answering the JSON body. */
const getJson = async (gatewayUrl, path, cookie) => {
  const answer = await fetch(`${gatewayUrl}${path}`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status} ${await answer.text()}`);
  return answer.json();
};

/** The rider's rides, as the dashboard lists them. */
export const ridesOf = (gatewayUrl, cookie) => getJson(gatewayUrl, '/api/rides', cookie);

/** Where the gateway sends the rider to authorize at Strava (a fresh, single-use state each time). */
const authorizationUrl = async (gatewayUrl, cookie) => {
  const connect = await fetch(`${gatewayUrl}/api/strava/connect`, {
    headers: { cookie },
    redirect: 'manual',
  });
  const location = connect.headers.get('location');
  if (connect.status !== 302 || !location) throw new Error(`Strava connect answered ${connect.status}`);
  return new URL(location);
};

/**
 * The rider presses Authorize on the simulator's page as `athleteId`, and the browser follows
 * Strava's redirect to our callback; answers the outcome the callback puts in the dashboard's query.
 */
const authorizeAs = async (authorize, athleteId, gatewayUrl, cookie) => {
  // loaded here, not at the top: first-run.mjs imports this file before anything is installed or built
  const { decideAtStrava } = await import('@domestique/simulators/strava-consent');
  const back = await decideAtStrava(authorize, athleteId);
  const callback = await fetch(`${gatewayUrl}${back}`, { headers: { cookie }, redirect: 'manual' });
  return new URL(callback.headers.get('location') ?? '/', gatewayUrl).searchParams;
};

/**
 * Connects the signed-in rider to the first simulator athlete no other rider holds, through the
 * same redirects a browser follows. Answers the athlete id, or undefined when Strava is not the
 * simulator (real Strava needs a person on its authorize page).
 */
const connectToSimulator = async (gatewayUrl, cookie) => {
  let authorize = await authorizationUrl(gatewayUrl, cookie);
  const listed = await fetch(`${authorize.origin}/_sim/athletes`).catch(() => undefined);
  if (!listed?.ok) return undefined;
  for (const athlete of await listed.json()) {
    const outcome = await authorizeAs(authorize, athlete.id, gatewayUrl, cookie);
    if (outcome.get('strava') === 'connected') return athlete.id;
    if (outcome.get('reason') !== 'athlete-in-use') {
      throw new Error(`Connecting the demo rider to Strava failed: ${outcome.toString()}`);
    }
    // another rider of this system holds that athlete: try the next one with a fresh state
    authorize = await authorizationUrl(gatewayUrl, cookie);
  }
  throw new Error('Every Strava simulator athlete is already connected to another rider');
};

/** Waits for the rider's Strava import to finish; answers how many rides it holds. */
const waitForImport = async (gatewayUrl, cookie, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await getJson(gatewayUrl, '/api/strava/sync', cookie);
    if (status.state === 'failed')
      throw new Error(`The demo rider's Strava import failed: ${status.message}`);
    if (status.state === 'completed') return (await ridesOf(gatewayUrl, cookie)).length;
    if (Date.now() > deadline)
      throw new Error(`The demo rider's Strava import did not finish in ${timeoutMs / 1000} s`);
    await sleep(1000);
  }
};

/**
 * The demo rider's rides: when it has none yet, connects it to the Strava simulator and imports as a
 * real connection does. Answers how many rides it has, or undefined without the simulator.
 */
export const seedDemoRides = async (gatewayUrl, origin = gatewayUrl, timeoutMs = IMPORT_TIMEOUT_MS) => {
  const cookie = await signIn(gatewayUrl, origin);
  const existing = await ridesOf(gatewayUrl, cookie);
  if (existing.length > 0) return existing.length;
  const athlete = await connectToSimulator(gatewayUrl, cookie);
  if (athlete === undefined) return undefined;
  return waitForImport(gatewayUrl, cookie, timeoutMs);
};

/** Registers the demo rider (or finds it) and gives it rides; answers what `npm run up` prints. */
export const seedDemo = async (gatewayUrl, origin = gatewayUrl) => {
  const account = await register(gatewayUrl, origin);
  const rides = await seedDemoRides(gatewayUrl, origin);
  return rides === undefined
    ? `${account}, Strava is not the simulator: no rides`
    : `${account}, ${rides} rides`;
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = localEnv();
  const url = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  console.log(
    `Demo rider ${await seedDemo(url, new URL(env.PUBLIC_URL).origin)}: ${DEMO_RIDER.email} / ${DEMO_RIDER.password}`,
  );
}
