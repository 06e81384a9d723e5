import type { RideDto, RideMetricsDto } from '@domestique/proto';
import type { OperationHandler } from '../../test/fake-apollo';

/** Ride fixtures for the web tests, shaped as the GraphQL API answers them. */
export const metrics = (
  overrides: Partial<RideMetricsDto> = {},
): RideMetricsDto & { __typename: 'RideMetrics' } => ({
  __typename: 'RideMetrics',
  source: 'streams',
  averagePower: 200,
  normalizedPower: 215,
  variabilityIndex: 1.075,
  intensityFactor: 0.86,
  trainingStressScore: 74,
  efficiencyFactor: 1.5,
  aerobicDecoupling: 3.2,
  ftp: 250,
  ftpSource: 'estimated',
  lthr: 165,
  powerZones: [],
  heartRateZones: [],
  bestEfforts: [],
  maxPower: 650,
  maxHeartrate: 178,
  kilojoules: 1080,
  recordedSeconds: 5460,
  ftpDescription: 'estimated from your 20-minute best on 3 Mar',
  workout: null,
  ...overrides,
});

export const ride = (index: number, overrides: Partial<RideDto> = {}): RideDto & { __typename: 'Ride' } => ({
  __typename: 'Ride',
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Ride ${index}`,
  startDate: new Date(Date.UTC(2026, 2, 20 - index, 8)).toISOString(),
  type: 'Ride',
  distance: 40_000,
  movingTime: 5400,
  totalElevationGain: 350,
  averageSpeed: 7.4,
  averageWatts: 180,
  averageHeartrate: 142.4,
  averageCadence: 86.6,
  sourceLabel: 'Strava',
  hasAiFeedback: false,
  hasFeedback: false,
  aiFeedback: null,
  metrics: metrics(),
  ...overrides,
});

/** What the rides page asks besides its rides: a connected, idle Strava and the rider's averages. */
export const ridesPageHandlers: Record<string, OperationHandler> = {
  StravaConnection: () => ({
    data: {
      stravaConnection: {
        __typename: 'StravaConnection',
        connected: true,
        athleteId: '1',
        connectedAt: null,
      },
    },
  }),
  StravaSyncStatus: () => ({
    data: {
      stravaSyncStatus: {
        __typename: 'StravaSyncStatus',
        state: 'idle',
        imported: 0,
        scanned: 0,
        total: null,
        message: null,
      },
    },
  }),
  UserAverages: () => ({
    data: {
      userAverages: {
        __typename: 'UserAverages',
        totalRides: 1,
        averageSpeed: 7,
        averagePower: 180,
        averageDistance: 40_000,
      },
    },
  }),
};
