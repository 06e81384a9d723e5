import {
  CYCLING_SPORT_TYPES,
  DEFAULT_RIDE_SORT_BY,
  DEFAULT_RIDE_SORT_ORDER,
  RIDE_FILTER_MAX_MILES,
  RIDE_FILTER_MAX_MINUTES,
  RIDE_FILTER_NAMES,
  RIDE_SORT_FIELDS,
  RIDE_SORT_ORDERS,
  type CyclingSportType,
  type RideFilterParams,
  type RideSortField,
  type RideSortOrder,
} from '@domestique/proto/messages';

/**
 * The rides page's filter state (spec section 2), kept in the URL's search parameters under the
 * names `GET /api/rides` takes, so a filtered view survives a reload and can be shared.
 */
export type RideFilters = RideFilterParams;

export const DEFAULT_RIDE_FILTERS: RideFilters = {
  sortBy: DEFAULT_RIDE_SORT_BY,
  sortOrder: DEFAULT_RIDE_SORT_ORDER,
};

export const SORT_LABELS: Record<RideSortField, string> = {
  date: 'Date',
  distance: 'Distance',
  duration: 'Duration',
  speed: 'Speed',
};

/** The order's words follow the sort: "Newest first" for dates, "Fastest first" for speed. */
export const ORDER_LABELS: Record<RideSortField, Record<RideSortOrder, string>> = {
  date: { desc: 'Newest first', asc: 'Oldest first' },
  distance: { desc: 'Longest first', asc: 'Shortest first' },
  duration: { desc: 'Longest first', asc: 'Shortest first' },
  speed: { desc: 'Fastest first', asc: 'Slowest first' },
};

/** "MountainBikeRide" -> "Mountain Bike Ride", "EBikeRide" -> "E-Bike Ride". */
export const rideTypeLabel = (type: CyclingSportType): string =>
  type.replace(/^E(?=[A-Z])/, 'E-').replace(/([a-z])([A-Z])/g, '$1 $2');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  !!value &&
  DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const numberIn = (value: string | null, max: number, integer: boolean): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > max) return undefined;
  if (integer && !Number.isInteger(number)) return undefined;
  return number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** A pair whose minimum is above its maximum keeps neither (the server would refuse it). */
const ordered = <T extends string | number>(min: T | undefined, max: T | undefined): [T?, T?] =>
  min !== undefined && max !== undefined && min > max ? [] : [min, max];

/**
 * Reads the filters from the URL. A value a person could have typed wrongly (or an old link) is
 * ignored rather than breaking the page: the list then shows as if that filter were off.
 */
export const parseRideFilters = (params: URLSearchParams): RideFilters => {
  const [from, to] = ordered(
    isDay(params.get('from')) ? params.get('from')! : undefined,
    isDay(params.get('to')) ? params.get('to')! : undefined,
  );
  const [minDistance, maxDistance] = ordered(
    numberIn(params.get('minDistance'), RIDE_FILTER_MAX_MILES, false),
    numberIn(params.get('maxDistance'), RIDE_FILTER_MAX_MILES, false),
  );
  const [minDuration, maxDuration] = ordered(
    numberIn(params.get('minDuration'), RIDE_FILTER_MAX_MINUTES, true),
    numberIn(params.get('maxDuration'), RIDE_FILTER_MAX_MINUTES, true),
  );
  const feedback = params.get('hasAiFeedback');
  const filters: RideFilters = {
    from,
    to,
    type: oneOf(CYCLING_SPORT_TYPES, params.get('type')),
    minDistance,
    maxDistance,
    minDuration,
    maxDuration,
    hasAiFeedback: feedback === 'true' ? true : feedback === 'false' ? false : undefined,
    sortBy: oneOf(RIDE_SORT_FIELDS, params.get('sortBy')) ?? DEFAULT_RIDE_SORT_BY,
    sortOrder: oneOf(RIDE_SORT_ORDERS, params.get('sortOrder')) ?? DEFAULT_RIDE_SORT_ORDER,
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as RideFilters;
};

/**
 * Writes the filters into `params` (other parameters are kept): only what differs from the
 * defaults, so the plain list has a plain URL.
 */
export const writeRideFilters = (filters: RideFilters, params = new URLSearchParams()): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of [...RIDE_FILTER_NAMES, 'sortBy', 'sortOrder'] as const) next.delete(key);
  for (const key of RIDE_FILTER_NAMES) {
    const value = filters[key];
    if (value !== undefined) next.set(key, String(value));
  }
  if (filters.sortBy !== DEFAULT_RIDE_SORT_BY) next.set('sortBy', filters.sortBy);
  if (filters.sortOrder !== DEFAULT_RIDE_SORT_ORDER) next.set('sortOrder', filters.sortOrder);
  return next;
};

/** How many filters (not the sort) are on. */
export const activeFilterCount = (filters: RideFilters): number =>
  RIDE_FILTER_NAMES.filter((key) => filters[key] !== undefined).length;

/** The same filters without any of the eight filters (the sort is kept). */
export const withoutFilters = (filters: RideFilters): RideFilters => ({
  sortBy: filters.sortBy,
  sortOrder: filters.sortOrder,
});

/** GraphQL `RideFilterInput`: the filters plus the browser's time zone when a day is named. */
export interface RideFilterInput extends RideFilters {
  timeZone?: string;
}

export const toRideFilterInput = (
  filters: RideFilters,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): RideFilterInput => (filters.from || filters.to ? { ...filters, timeZone } : { ...filters });
