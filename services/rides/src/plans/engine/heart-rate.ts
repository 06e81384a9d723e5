/**
 * Coggan's five heart-rate zones as percent of threshold heart rate (LTHR), [from, to): the zones
 * hrZoneOf (training/workouts.ts) maps %FTP ranges onto. Pure.
 */
const ZONE_PERCENT_LTHR: readonly (readonly [number, number])[] = [
  [65, 81],
  [81, 90],
  [90, 94],
  [94, 100],
  [100, 106],
];

/** The bpm range of a zone (1-5) for a threshold heart rate. */
export const zoneBpm = (zone: number, lthr: number): [number, number] => {
  const [from, to] = ZONE_PERCENT_LTHR[Math.min(5, Math.max(1, zone)) - 1]!;
  return [Math.round((from * lthr) / 100), Math.round((to * lthr) / 100)];
};
