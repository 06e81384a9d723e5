// How the benchmark calls the system: through the gateway with a rider's session cookie, or straight
// to the service that owns a path with the same signed identity the gateway would forward.
import { INTERNAL_HEADERS } from '@domestique/proto';
import { IdentityTokens } from '@domestique/gateway/identity-tokens';
import { findRoute } from '@domestique/gateway/service-routes';
import { percentiles } from '../scratch-stack.mjs';

/** Reads a whole answer; throws on a non-2xx status. Answers the body's size in bytes. */
const consume = async (answer, label) => {
  const body = await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${label}: ${answer.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  return body.byteLength;
};

/** Signs in through the gateway and answers the session cookie. */
export const signIn = async (gatewayUrl, email, password) => {
  const answer = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({ email, password }),
  });
  await consume(answer, 'login');
  return answer.headers.get('set-cookie').split(';')[0];
};

/** Registers a rider through the gateway; answers their id and session cookie. */
export const register = async (gatewayUrl, email, password) => {
  const answer = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({ email, password, firstName: 'Bench', lastName: 'Rider' }),
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${await answer.text()}`);
  const { id } = await answer.json();
  return { id, cookie: answer.headers.get('set-cookie').split(';')[0] };
};

/**
 * Callers for one rider. `viaGateway(path)` and `direct(path)` GET a REST path; `graphql(query)`
 * posts to the gateway's /graphql and `subgraph(service, query)` to one service's. The direct calls
 * carry a token from the gateway's own IdentityTokens (same claims, same reuse), so the difference
 * between the two is exactly the gateway's work: session lookup, routing, proxying.
 */
export const riderClients = ({ env, gatewayUrl, cookie, identity }) => {
  const tokens = new IdentityTokens(env.INTERNAL_JWT_SECRET);
  const serviceUrl = (service) => env[`${service.toUpperCase()}_URL`];
  const identityHeaders = async () => ({ [INTERNAL_HEADERS.identity]: await tokens.tokenFor(identity) });
  const viaGateway = async (path) =>
    consume(await fetch(`${gatewayUrl}${path}`, { headers: { cookie } }), path);
  const direct = async (path) => {
    const route = findRoute(new URL(path, 'http://x').pathname);
    if (!route) throw new Error(`No service owns ${path}`);
    const answer = await fetch(`${serviceUrl(route.service)}${path}`, { headers: await identityHeaders() });
    return consume(answer, `direct ${path}`);
  };
  const post = async (url, headers, query, variables) => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gatewayUrl, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const text = await answer.text();
    const body = JSON.parse(text);
    if (!answer.ok || body.errors) throw new Error(`${url}: ${answer.status} ${text.slice(0, 300)}`);
    return body.data;
  };
  const graphql = (query, variables) => post(`${gatewayUrl}/graphql`, { cookie }, query, variables);
  const subgraph = async (service, query, variables) =>
    post(`${serviceUrl(service)}/graphql`, await identityHeaders(), query, variables);
  return { viaGateway, direct, graphql, subgraph };
};

/**
 * Times each of `fns` in turn (`samples` rounds, the order rotating each round, after 5 warm-up
 * rounds), so all see the same machine load; answers p50/p99 in ms of each, in order.
 */
export const measureSideBySide = async (fns, samples) => {
  for (let i = 0; i < 5; i += 1) for (const fn of fns) await fn();
  const times = fns.map(() => []);
  for (let i = 0; i < samples; i += 1) {
    for (let j = 0; j < fns.length; j += 1) {
      const k = (i + j) % fns.length;
      const started = performance.now();
      await fns[k]();
      times[k].push(performance.now() - started);
    }
  }
  return times.map(percentiles);
};

/**
 * Open-loop load: starts `fn` `rate` times a second for `seconds` whatever the answers do (so a slow
 * answer cannot hide the queueing it causes); answers p50/p99 in ms, the achieved rate and errors.
 * The first `warmUpSeconds` of the same load are not counted: they measure the switch from the
 * previous measurement (its garbage, cold code paths), not this endpoint at this rate.
 */
export const fixedRate = async (fn, { rate = 200, seconds = 5, warmUpSeconds = 1 } = {}) => {
  if (warmUpSeconds > 0) await fixedRate(fn, { rate, seconds: warmUpSeconds, warmUpSeconds: 0 });
  const total = rate * seconds;
  const times = [];
  let errors = 0;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      fn().then(
        () => times.push(performance.now() - due),
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  return { ...percentiles(times), rate: total / elapsed, errors };
};
