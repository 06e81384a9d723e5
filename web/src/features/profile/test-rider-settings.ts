import type { PhysiologyEstimateDto } from '@domestique/proto';
import type { RiderSettings } from './graphql/rider-settings.graphql';

/** Rider settings fixtures for the web tests, shaped as the GraphQL API answers them. */
export const estimate = (
  value: number,
  overrides: Partial<PhysiologyEstimateDto> = {},
): PhysiologyEstimateDto & { __typename: 'PhysiologyEstimate' } => ({
  __typename: 'PhysiologyEstimate',
  value,
  model: 'best-20-minutes',
  rideId: null,
  date: null,
  description: 'estimated from your rides',
  ...overrides,
});

export const riderSettings = ({
  estimates,
  ...overrides
}: Partial<Omit<RiderSettings, 'estimates'>> & {
  estimates?: Partial<RiderSettings['estimates']>;
} = {}): RiderSettings & { __typename: 'RiderSettings' } => ({
  __typename: 'RiderSettings',
  ftp: null,
  thresholdHeartrate: null,
  maxHeartrate: null,
  weightKg: null,
  estimatedFtp: estimates?.ftp?.value ?? null,
  timeZone: 'Europe/Paris',
  units: 'imperial',
  estimates: {
    __typename: 'PhysiologyEstimates',
    ftp: null,
    thresholdHeartrate: null,
    maxHeartrate: null,
    ...estimates,
  } as RiderSettings['estimates'],
  ...overrides,
});
