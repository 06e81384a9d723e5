import type { RideDetailDto, RideStreamsDto } from '@domestique/proto';
import { ride } from '../rides/test-rides';

/**
 * Ride-page fixtures shaped as `GET /api/rides/{id}` and `/streams` answer them: a 20-minute ride at
 * 1 Hz, 150 W for the first half and 300 W for the second, with one interval from 10:00 to 15:00.
 */
export const RIDE_ID = ride(1).id;
export const SECONDS = 1200;

export const testDetail = (overrides: Partial<RideDetailDto> = {}): RideDetailDto => ({
  ride: { ...ride(1, { name: 'Hill repeats' }), aiFeedback: null },
  indoor: false,
  hasGps: true,
  streamsPending: false,
  channels: ['distance', 'power', 'heartRate', 'cadence', 'speed', 'altitude', 'latlng'],
  elapsedSeconds: SECONDS - 1,
  powerZones: {
    threshold: 250,
    zones: [
      { zone: 1, min: 0, max: 137, seconds: 600 },
      { zone: 2, min: 138, max: 187, seconds: 0 },
      { zone: 7, min: 376, max: null, seconds: 600 },
    ],
  },
  heartRateZones: {
    threshold: 165,
    zones: [
      { zone: 1, min: 0, max: 134, seconds: 700 },
      { zone: 2, min: 135, max: 147, seconds: 500 },
    ],
  },
  workoutType: 'threshold',
  workoutStructure: '1 x 5 min at 120% of FTP',
  intervals: [
    {
      number: 1,
      startTime: 600,
      endTime: 900,
      durationSeconds: 300,
      startDistance: 4200,
      endDistance: 6300,
      averagePower: 300,
      percentOfFtp: 120,
      averageHeartrate: 158,
      averageCadence: 92,
      powerZone: 5,
      recoverySeconds: null,
    },
  ],
  powerCurve: [
    { durationSeconds: 1, watts: 320 },
    { durationSeconds: 60, watts: 300 },
    { durationSeconds: 600, watts: 300 },
  ],
  bestPowerCurve: {
    days: 90,
    from: '2025-12-20T00:00:00.000Z',
    to: '2026-03-19T08:00:00.000Z',
    points: [
      { durationSeconds: 1, watts: 700, rideId: 'r0', startDate: '2026-03-01T08:00:00.000Z' },
      { durationSeconds: 60, watts: 420, rideId: 'r0', startDate: '2026-03-01T08:00:00.000Z' },
      { durationSeconds: 600, watts: 310, rideId: 'r0', startDate: '2026-03-01T08:00:00.000Z' },
    ],
  },
  ...overrides,
});

const time = Array.from({ length: SECONDS }, (_, i) => i);

export const testStreams = (overrides: Partial<RideStreamsDto> = {}): RideStreamsDto => ({
  rideId: RIDE_ID,
  points: SECONDS,
  full: true,
  pending: false,
  totalSamples: SECONDS,
  series: {
    time,
    distance: time.map((t) => t * 7),
    power: time.map((t) => (t < 600 ? 150 : 300)),
    heartRate: time.map((t) => (t < 600 ? 130 : 160)),
    cadence: time.map(() => 90),
    speed: time.map(() => 7),
    altitude: time.map((t) => 100 + t / 10),
    latlng: time.map((t): [number, number] => [41.98 + t / 100_000, 2.82 + t / 80_000]),
  },
  ...overrides,
});

export const PENDING_STREAMS = testStreams({
  pending: true,
  points: 0,
  series: { time: [] },
});

/**
 * A fetch that answers the ride page's paths from a table ("detail", "streams", "remove" for a
 * DELETE), counting calls (a DELETE as "DELETE {path}").
 */
export const fakeRideFetch = (answers: {
  detail: () => Response | Promise<Response>;
  streams?: () => Response | Promise<Response>;
  remove?: () => Response | Promise<Response>;
}) => {
  const calls: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (init?.method === 'DELETE') {
      calls.push(`DELETE ${url}`);
      return Promise.resolve(answers.remove?.() ?? json(405, { message: 'Not faked' }));
    }
    calls.push(url);
    if (/\/api\/rides\/[^/]+\/streams/.test(url))
      return Promise.resolve(answers.streams?.() ?? json(404, { message: 'Ride not found' }));
    return Promise.resolve(answers.detail());
  };
  return { fetch, calls };
};

/** A JSON answer (jsdom has no Response: only what the page reads of one). */
export const json = (status: number, body: unknown): Response => {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 404 ? 'Not Found' : 'Error',
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  } as Response;
};
