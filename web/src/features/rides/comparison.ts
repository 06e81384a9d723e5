import type { RideDto, UserAveragesDto } from '@domestique/proto';

/** One line of the comparison block: the ride's difference from the rider's average, in percent. */
export type ComparisonValue = { kind: 'difference'; percent: number } | { kind: 'notAvailable' };

export type RideComparison =
  | { kind: 'needMoreRides' }
  | { kind: 'compared'; speed: ComparisonValue; distance: ComparisonValue; power: ComparisonValue };

const difference = (value: number, average: number): ComparisonValue =>
  value > 0 && average > 0
    ? { kind: 'difference', percent: Math.round(((value - average) / average) * 1000) / 10 }
    : { kind: 'notAvailable' };

/**
 * The rides page's comparison to the rider's averages (spec section 2): "Need more rides to
 * calculate averages" without any ride; power is N/A when the ride's or the average power is zero.
 */
export const compareToAverages = (
  ride: Pick<RideDto, 'averageSpeed' | 'distance' | 'averageWatts'>,
  averages: UserAveragesDto,
): RideComparison => {
  if (averages.totalRides === 0) return { kind: 'needMoreRides' };
  return {
    kind: 'compared',
    speed: difference(ride.averageSpeed, averages.averageSpeed),
    distance: difference(ride.distance, averages.averageDistance),
    power: difference(ride.averageWatts ?? 0, averages.averagePower),
  };
};

/** "+12.5% vs avg", "-3% vs avg", "N/A" */
export const describeComparison = (value: ComparisonValue): string =>
  value.kind === 'notAvailable' ? 'N/A' : `${value.percent > 0 ? '+' : ''}${value.percent}% vs avg`;
