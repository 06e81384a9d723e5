#!/usr/bin/env node
// How fast the gateway refuses the abusive GraphQL documents of issue 18 (60 aliases of the rider's
// whole ride list with its AI feedback: 1.2 MB in 2.1 s before the limits), one request at a time
// and at a fixed rate; every answer must be the 400 refusal, or the run stops. Budget: p99 under
// 50 ms. For scale, also the costliest document the limits let through (124 times `rides { id }`,
// which graphql-js validates in time quadratic in the repeats). Against a running gateway:
//
//   node infra/dev/bench/graphql-limits.mjs [--url=http://localhost:3000] [--samples=200] [--rate=200]
//                                           [--cookie='dq_session=...']   (a signed-in rider's session)
//                                           [--origin=<PUBLIC_URL>]       (when it is not --url)
import { pathToFileURL } from 'node:url';
import { measure } from '../scratch-stack.mjs';
import { fixedRate } from './clients.mjs';

const aliases = (count) =>
  `query Abusive { ${Array.from({ length: count }, (_, i) => `r${i}: rides { id aiFeedback { summary } }`).join(' ')} }`;

/** The documents measured (the first two as in gateway/src/graphql/__tests__/abusive-queries.ts). */
export const DOCUMENTS = {
  /** the reported abuse, 2.5 KB: over the token limit, refused while parsing */
  abusive: aliases(60),
  /** within the token limit, over the alias limit: refused by validation */
  aliases: aliases(20),
  /** within every limit (498 tokens): accepted, the slowest for graphql-js' own validation */
  repeated: `query Repeated { ${'rides { id } '.repeat(124)}}`,
};

/**
 * Times each document `samples` times one after another, and the abusive one at `rate` a second
 * for 5 s; answers p50/p99 in ms of each. Throws unless the first two are refused with 400.
 */
export const measureGraphqlLimits = async (
  gatewayUrl,
  { cookie, origin = gatewayUrl, samples = 200, rate = 200 } = {},
) => {
  const headers = { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) };
  const send = (query, refused) => async () => {
    const answer = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query }),
    });
    const text = await answer.text();
    const ok = refused ? answer.status === 400 && /limit of \d+ exceeded/.test(text) : answer.status === 200;
    if (!ok)
      throw new Error(
        `${refused ? 'expected the 400 refusal' : 'expected 200'}, got ${answer.status} ${text.slice(0, 300)}`,
      );
  };
  const abusive = await measure(send(DOCUMENTS.abusive, true), samples);
  const aliasLimit = await measure(send(DOCUMENTS.aliases, true), samples);
  const repeated = await measure(send(DOCUMENTS.repeated, false), samples);
  const loaded = await fixedRate(send(DOCUMENTS.abusive, true), { rate });
  if (loaded.errors) throw new Error(`${loaded.errors} answers at ${rate}/s were not the 400 refusal`);
  return { abusive, aliasLimit, repeated, loaded };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const url = arg('url', 'http://localhost:3000');
  const samples = Number(arg('samples', '200'));
  const rate = Number(arg('rate', '200'));
  const r = await measureGraphqlLimits(url, {
    cookie: arg('cookie'),
    origin: arg('origin', url),
    samples,
    rate,
  });
  const ms = ({ p50, p99 }) => `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`;
  console.log(`GraphQL limits at ${url}, ${samples} requests one at a time:`);
  console.log(`  60 aliases (${DOCUMENTS.abusive.length} bytes), refused with 400: ${ms(r.abusive)}`);
  console.log(`  20 aliases, refused with 400: ${ms(r.aliasLimit)}`);
  console.log(`  124 x rides { id }, accepted (for scale): ${ms(r.repeated)}`);
  console.log(`  60 aliases at ${r.loaded.rate.toFixed(0)} req/s for 5 s: ${ms(r.loaded)}`);
  const met = [r.abusive, r.aliasLimit, r.loaded].every(({ p99 }) => p99 < 50);
  console.log(`  refusals' budget p99 < 50 ms: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
}
