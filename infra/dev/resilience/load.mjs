// The load scenario: 500 signed-in riders at once against the gateway for 60 s, mixing the
// dashboard, the rides list, lifetime analytics and ride analysis; every answer must be a 2xx.
import autocannon from 'autocannon';

/** The mix: each group of sessions keeps calling one endpoint (so each gets its own p50/p99). */
const MIX = [
  {
    name: 'GET /api/dashboard/stats',
    sessions: 150,
    request: () => ({ method: 'GET', path: '/api/dashboard/stats' }),
  },
  { name: 'GET /api/rides', sessions: 150, request: () => ({ method: 'GET', path: '/api/rides' }) },
  {
    name: 'GET /api/analytics/lifetime',
    sessions: 100,
    request: () => ({ method: 'GET', path: '/api/analytics/lifetime' }),
  },
  {
    name: 'POST /api/rides/{id}/ai-feedback',
    sessions: 100,
    request: (rider) => ({
      method: 'POST',
      path: `/api/rides/${rider.rideId}/ai-feedback`,
      body: '{}',
      contentType: 'application/json',
    }),
  },
];

/** Runs autocannon; the answer also counts the failed requests by kind (timeout, ECONNRESET, ...). */
const run = (options) =>
  new Promise((resolve, reject) => {
    const failures = {};
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, failures }),
    );
    instance.on('reqError', (error) => {
      const kind = error?.code ?? error?.message ?? 'error';
      failures[kind] = (failures[kind] ?? 0) + 1;
    });
  });

/**
 * ctx: { gateway, riders: [{ cookie, rideId }], seconds, timeoutSeconds, say }. A request not answered
 * within timeoutSeconds counts as an error: give it more than the longest wait the product allows
 * (a first analysis waits for its job up to ANALYSIS_WAIT_MS, then answers 503, itself an error).
 * Answers one row per endpoint: requests, errors, p50, p99, max. `share`: the part of each group's
 * sessions to open (the two-replica run uses a fifth: 100 riders).
 */
export const loadMix = async ({ gateway, riders, seconds, timeoutSeconds, say, share = 1 }) => {
  let offset = 0;
  const groups = MIX.map((entry) => {
    const sessions = Math.max(1, Math.round(entry.sessions * share));
    const group = riders.slice(offset, offset + sessions);
    offset += sessions;
    return { ...entry, riders: group };
  });
  const results = await Promise.all(
    groups.map((group) => {
      let next = 0;
      return run({
        url: gateway,
        connections: group.riders.length,
        duration: seconds,
        timeout: timeoutSeconds,
        setupClient: (client) => {
          const rider = group.riders[next++ % group.riders.length];
          const { method, path, body, contentType } = group.request(rider);
          // setRequests, not setRequest: the latter only replaces the first request of the
          // connection, every later one would go back to the default (GET /)
          client.setRequests([
            {
              method,
              path,
              body,
              headers: {
                cookie: rider.cookie,
                origin: gateway,
                ...(contentType ? { 'content-type': contentType } : {}),
              },
            },
          ]);
        },
      });
    }),
  );
  const rows = groups.map((group, index) => {
    const result = results[index];
    return {
      endpoint: group.name,
      sessions: group.riders.length,
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      errors: result.errors + result.non2xx,
      statuses: [
        ...Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => `${status}×${count}`),
        ...Object.entries(result.failures).map(([kind, count]) => `${kind}×${count}`),
      ].join(' '),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
    };
  });
  say(`${'endpoint'.padEnd(36)} sessions  requests   req/s  errors   p50 ms   p99 ms   max ms  statuses`);
  for (const row of rows) {
    say(
      `${row.endpoint.padEnd(36)} ${String(row.sessions).padStart(8)} ${String(row.requests).padStart(9)} ${String(row.perSecond).padStart(7)} ${String(row.errors).padStart(7)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.max).padStart(8)}  ${row.statuses}`,
    );
  }
  return rows;
};
