import type { RideDetailDto, RideStreamSeriesDto } from '@domestique/proto';
import type { DecodedStreams } from '../rides/ride-streams.codec.js';
import type { StreamKey } from '../strava/strava.types.js';
import { downsampleIndices, indexOfMax, pick } from './lttb.js';

/** A series the streams endpoint answers besides time and latlng. */
type ValueChannel = Exclude<RideDetailDto['channels'][number], 'latlng'>;

/** Where each answered series is stored, and the decimals it is answered with. */
const VALUE_CHANNELS: readonly { name: ValueChannel; key: StreamKey; decimals: number }[] = [
  { name: 'distance', key: 'distance', decimals: 1 },
  { name: 'power', key: 'watts', decimals: 0 },
  { name: 'heartRate', key: 'heartrate', decimals: 0 },
  { name: 'cadence', key: 'cadence', decimals: 0 },
  { name: 'speed', key: 'velocity_smooth', decimals: 2 },
  { name: 'altitude', key: 'altitude', decimals: 1 },
];
/** degrees: 5 decimals is about a metre */
const LATLNG_DECIMALS = 5;

const rounder = (decimals: number) => {
  const factor = 10 ** decimals;
  return (value: number): number => Math.round(value * factor) / factor;
};

/** The stored streams as aligned columns: only the streams as long as `time` are used. */
export interface StreamColumns {
  time: number[];
  values: { name: ValueChannel; values: number[]; decimals: number }[];
  lat: number[] | null;
  lng: number[] | null;
}

export const toColumns = (decoded: DecodedStreams): StreamColumns => {
  const time = decoded.time ?? [];
  const n = time.length;
  const values = VALUE_CHANNELS.flatMap(({ name, key, decimals }) => {
    const stored = decoded[key];
    return stored && stored.length === n && n > 0 ? [{ name, values: stored, decimals }] : [];
  });
  const latlng = decoded.latlng;
  const hasRoute = n > 0 && latlng?.length === 2 * n && latlng.some((value) => value !== 0);
  return {
    time,
    values,
    lat: hasRoute ? latlng.filter((_, i) => i % 2 === 0) : null,
    lng: hasRoute ? latlng.filter((_, i) => i % 2 === 1) : null,
  };
};

/** The series the streams endpoint will answer for these streams (time aside). */
export const channelsOf = (columns: StreamColumns): RideDetailDto['channels'] => [
  ...columns.values.map((column) => column.name),
  ...(columns.lat ? (['latlng'] as const) : []),
];

/**
 * The samples to draw: at most `points`, chosen over every channel at once (the route included) and
 * always keeping the max-power, max-heart-rate and max-speed samples (in that priority).
 */
export const displayIndices = (columns: StreamColumns, points: number): number[] => {
  const channel = (name: ValueChannel) => columns.values.find((column) => column.name === name)?.values;
  const keep = (['power', 'heartRate', 'speed'] as const)
    .map((name) => channel(name))
    .flatMap((values) => (values ? [indexOfMax(values)] : []));
  const all = [
    ...columns.values.filter((column) => column.name !== 'distance').map((column) => column.values),
    ...(columns.lat && columns.lng ? [columns.lat, columns.lng] : []),
  ];
  return downsampleIndices(columns.time, all, { target: points, keep });
};

/** The answered series at `indices` (every sample when null), rounded for the wire. */
export const seriesAt = (columns: StreamColumns, indices: readonly number[] | null): RideStreamSeriesDto => {
  const at = <T>(values: T[]): T[] => (indices ? pick(values, indices) : values);
  const series: RideStreamSeriesDto = { time: at(columns.time).map(Math.round) };
  for (const { name, values, decimals } of columns.values) series[name] = at(values).map(rounder(decimals));
  if (columns.lat && columns.lng) {
    const round = rounder(LATLNG_DECIMALS);
    const lat = at(columns.lat);
    const lng = at(columns.lng);
    series.latlng = lat.map((value, i) => [round(value), round(lng[i]!)]);
  }
  return series;
};
