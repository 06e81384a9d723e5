// Analyses per second of the built-in coach engine on one core (node is single-threaded here).
// Build first: npx nx run @domestique/analysis:build --output-style=static
// Run:         node services/analysis/bench/coach-engine.bench.mjs [seconds=5]
// `npm run bench` (infra/dev/bench/bench.mjs) and feedback-latency.bench.mjs import measureEngine.
import { isEntry } from '../../../infra/dev/bench/cli.mjs';
import { analyseRide } from '../dist/engine/coach-engine.js';

// A deterministic spread of riders and rides: with and without power, heart rate and cadence,
// short to very long, indoor and outdoor, each with 20 earlier rides and two goals.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const between = (low, high) => low + random() * (high - low);
const zones = (count, total) => {
  const weights = Array.from({ length: count }, () => random());
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w, i) => ({ zone: i + 1, seconds: Math.round((total * w) / sum) }));
};

const ride = (id, start, withPower, withHeart, ftp) => {
  const movingTimeS = Math.round(between(600, 6 * 3600));
  const speed = between(5, 11);
  const indoor = random() < 0.2;
  const averageWatts = withPower ? ftp * between(0.5, 0.95) : null;
  const vi = between(1, 1.25);
  const np = averageWatts === null ? null : averageWatts * vi;
  const averageHeartrate = withHeart ? between(110, 170) : null;
  return {
    id,
    source: random() < 0.5 ? 'strava' : 'demo',
    name: ['Morning Ride', 'Hill repeats', 'Zwift race', 'Commute', 'Long Sunday'][Math.floor(random() * 5)],
    sportType: indoor ? 'VirtualRide' : 'Ride',
    indoor,
    commute: random() < 0.1,
    startDate: new Date(start).toISOString(),
    startLocalTime: '08:15',
    distanceM: speed * movingTimeS,
    movingTimeS,
    elapsedTimeS: movingTimeS + Math.round(between(0, 1800)),
    elevationGainM: indoor ? 0 : between(0, 2000),
    averageSpeedMps: speed,
    maxSpeedMps: indoor ? null : speed * 1.8,
    averageHeartrate,
    maxHeartrate: averageHeartrate === null ? null : averageHeartrate + 20,
    averageCadence: random() < 0.8 ? between(65, 100) : null,
    averageWatts,
    normalizedPower: np,
    deviceWatts: withPower,
    intensityFactor: np === null ? null : np / ftp,
    tss: np === null ? null : (movingTimeS / 3600) * (np / ftp) ** 2 * 100,
    variabilityIndex: np === null ? null : vi,
    efficiencyFactor: np !== null && averageHeartrate !== null ? np / averageHeartrate : null,
    aerobicDecouplingPct: averageHeartrate === null ? null : between(-3, 14),
    powerZones: withPower ? zones(7, movingTimeS) : null,
    heartRateZones: withHeart ? zones(5, movingTimeS) : null,
    bestEfforts: withPower
      ? [5, 60, 300, 1200, 3600]
          .filter((d) => d <= movingTimeS)
          .map((d) => ({ durationSeconds: d, watts: np * (1 + 300 / (d + 60)) }))
      : [],
  };
};

const inputs = Array.from({ length: 500 }, (_, i) => {
  const ftp = Math.round(between(160, 340));
  const start = Date.parse('2025-06-01T07:00:00Z') + i * 3_600_000;
  const withPower = random() < 0.7;
  const withHeart = random() < 0.8;
  return {
    ride: ride(`ride-${i}`, start, withPower, withHeart, ftp),
    rider: {
      ftpWatts: ftp,
      ftpSource: 'rider',
      maxHeartrate: 188,
      thresholdHeartrate: 168,
      weightKg: 72,
      tier: 'pro',
    },
    // earlier rides carry a ride's summary fields; the extra detail fields are simply ignored
    recentRides: Array.from({ length: 20 }, (_, j) =>
      ride(`past-${i}-${j}`, start - (j + 1) * 1.7 * 86_400_000, withPower, withHeart, ftp),
    ),
    goals: [
      {
        title: 'Ride 1000 miles',
        type: 'distance',
        targetValue: 1000,
        currentValue: 420,
        targetDate: '2025-09-30',
        status: 'active',
      },
      {
        title: 'Climb 40000 ft',
        type: 'elevation',
        targetValue: 40000,
        currentValue: 12000,
        targetDate: '2025-10-31',
        status: 'active',
      },
    ],
  };
});

/**
 * Analyses per second on one core (node runs this on one thread) over `seconds`, after a JIT warm-up;
 * answers the rate, the time per analysis and the average length of the full analysis.
 */
export const measureEngine = (seconds = 5) => {
  for (let i = 0; i < 2000; i += 1) analyseRide(inputs[i % inputs.length]);
  let count = 0;
  let characters = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() < deadline) {
    for (let i = 0; i < 100; i += 1) {
      const feedback = analyseRide(inputs[count % inputs.length]);
      characters += feedback.fullAnalysis.length;
      count += 1;
    }
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const perSecond = count / elapsed;
  return { perSecond, count, elapsed, msEach: 1000 / perSecond, characters: Math.round(characters / count) };
};

export const describeEngine = ({ perSecond, count, elapsed, msEach, characters }) =>
  `built-in coach engine: ${Math.round(perSecond)} analyses/s on one core ` +
  `(${count} analyses in ${elapsed.toFixed(2)} s, ${msEach.toFixed(3)} ms each, ` +
  `${characters} characters of full analysis on average)`;

if (isEntry(import.meta.url)) console.log(describeEngine(measureEngine(Number(process.argv[2] ?? 5))));
