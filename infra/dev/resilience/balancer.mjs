#!/usr/bin/env node
// A tiny round-robin HTTP load balancer, standing in for the one in front of each Deployment of the
// two-replica resilience run (`npm run test:resilience -- --replicas=2`). Each balancer listens on
// one port and spreads requests over its upstream ports in turn. An upstream that refuses the
// connection (its process is gone) is skipped for a while and the request goes to the next one,
// since nothing was sent yet; a request whose upstream dies while answering answers 502, counted
// as `aborted` (only a read on a broken kept-alive connection is sent again: anything else may have
// had its effect). Run as a process:
//   node infra/dev/resilience/balancer.mjs '[{"name":"gateway","port":3000,"upstreams":[3001,3002]}]'
// GET /__balancer/health answers 200 and GET /__balancer/stats the counts of each upstream; every
// other path is proxied with node:http alone (the request body kept until an upstream takes it,
// the answer streamed).
import http from 'node:http';

/** How long an upstream that refused a connection is skipped. */
const DOWN_FOR_MS = 2000;
/** Methods a balancer may send again when the upstream's connection breaks (as nginx does). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A message's headers minus those of one connection (each side has its own). */
const withoutHopHeaders = (headers) => {
  const rest = { ...headers };
  for (const hop of ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'])
    delete rest[hop];
  return rest;
};

/** Starts one balancer; resolves to { server, stats() } once it listens. */
export const startBalancer = ({ name, port, upstreams }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const pool = upstreams.map((upstream) => ({
    port: Number(upstream),
    downUntil: 0,
    requests: 0,
    refused: 0,
    aborted: 0,
  }));
  let turn = 0;
  /** The next upstream in turn that is not marked down (all down: the next one anyway). */
  const pick = (tried) => {
    const now = Date.now();
    for (let i = 0; i < pool.length; i += 1) {
      const candidate = pool[turn++ % pool.length];
      if (!tried.has(candidate) && candidate.downUntil <= now) return candidate;
    }
    return pool.find((candidate) => !tried.has(candidate));
  };
  const stats = () => ({
    name,
    port,
    upstreams: pool.map(({ port: p, requests, refused, aborted }) => ({
      port: p,
      requests,
      refused,
      aborted,
    })),
  });

  /** Sends the buffered request to one upstream after another until one takes it. */
  const forward = (req, res, body, tried) => {
    const upstream = pick(tried);
    if (!upstream) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `${name}: no upstream answers` }));
      return;
    }
    tried.add(upstream);
    const headers = withoutHopHeaders(req.headers);
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for']
      ? `${headers['x-forwarded-for']}, ${client}`
      : client;
    let answered = false;
    const outgoing = http.request(
      { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        answered = true;
        upstream.requests += 1;
        res.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
        answer.pipe(res);
        answer.on('error', () => {
          upstream.aborted += 1;
          res.destroy();
        });
      },
    );
    outgoing.on('error', (error) => {
      if (answered) return;
      // refused: nothing was sent, another upstream may take it; a kept-alive connection that
      // broke: the request may have been processed, so only a read is sent again
      const refused = error.code === 'ECONNREFUSED';
      if (refused || (error.code === 'ECONNRESET' && outgoing.reusedSocket && IDEMPOTENT.has(req.method))) {
        upstream.refused += 1;
        if (refused) upstream.downUntil = Date.now() + DOWN_FOR_MS;
        return forward(req, res, body, tried);
      }
      upstream.aborted += 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          message: `${name}: upstream ${upstream.port} failed: ${error.code ?? error.message}`,
        }),
      );
    });
    outgoing.end(body);
  };

  const server = http.createServer((req, res) => {
    if (req.url === '/__balancer/health') return void res.end('ok');
    if (req.url === '/__balancer/stats') {
      res.setHeader('content-type', 'application/json');
      return void res.end(JSON.stringify(stats()));
    }
    // the body is kept so a request refused by a dead upstream can go to the next one
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, stats }));
  });
};

/** The stats of the balancer listening on `port` (its own control path, never proxied). */
export const balancerStats = async (port) =>
  (await fetch(`http://127.0.0.1:${port}/__balancer/stats`)).json();

const main = async () => {
  const config = JSON.parse(process.argv[2] ?? '[]');
  if (!Array.isArray(config) || config.length === 0) throw new Error('usage: balancer.mjs <json config>');
  await Promise.all(config.map(startBalancer));
  console.log(
    JSON.stringify({
      msg: 'balancers listening',
      balancers: config.map((b) => `${b.name} :${b.port} -> ${b.upstreams.join(',')}`),
    }),
  );
};

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
