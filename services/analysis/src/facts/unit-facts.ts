import { FEET_PER_METRE, METRES_PER_MILE, MPH_PER_METRE_PER_SECOND } from '@domestique/proto';
import type { UnitFormat } from '../engine/format.js';

/**
 * A facts object in the rider's units. Facts are built in mi, ft, mph and ft per mile (keys
 * ending Mi, Ft, Mph, FtPerMi, at full precision); for a metric rider every such number, and each
 * number of such an array, becomes km, m, km/h or m per km under a key ending Km, M, Kmh or MPerKm,
 * so the number checker (number-facts.ts) accepts the metric values computed from the same data
 * and nothing else. Other keys (goals already in the rider's units among them) are left as they are.
 */
const METRIC_KEYS: readonly [RegExp, string, keyof UnitFormat & `${string}Value`, number][] = [
  // the factors take each imperial value back to metres and metres per second (a climbing rate stays
  // in ft per mile), with the spec's conversions the imperial values were computed with
  [/FtPerMi$/, 'MPerKm', 'climbRateValue', 1],
  [/Mph$/, 'Kmh', 'speedValue', 1 / MPH_PER_METRE_PER_SECOND],
  [/Mi$/, 'Km', 'distanceValue', METRES_PER_MILE],
  [/Ft$/, 'M', 'elevationValue', 1 / FEET_PER_METRE],
];

const convert = (value: unknown, to: (imperial: number) => number): unknown =>
  typeof value === 'number'
    ? to(value)
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'number' ? to(v) : v))
      : value;

export const factsInUnits = <T>(facts: T, u: UnitFormat): T => {
  if (u.system === 'imperial') return facts;
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => {
        const rule = METRIC_KEYS.find(([pattern]) => pattern.test(key));
        if (!rule) return [key, visit(v)];
        const [pattern, suffix, measure, toBase] = rule;
        return [key.replace(pattern, suffix), convert(v, (imperial) => u[measure](imperial * toBase))];
      }),
    );
  };
  return visit(facts) as T;
};
