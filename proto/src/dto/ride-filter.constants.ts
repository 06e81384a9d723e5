/**
 * The rides page's filter and sort (spec section 2: date range, ride type, min/max distance, min/max
 * duration in minutes, has AI feedback, sort by date/distance/duration/speed ascending or
 * descending; defaults date descending, every filter off). The names are both the rides page's URL
 * search parameters and `GET /api/rides`'s query parameters, so a filtered view is one URL.
 * No runtime dependency: the web imports this through `@domestique/proto/messages`.
 */
import { CYCLING_SPORT_TYPES } from './rides.constants.js';

export const RIDE_SORT_FIELDS = ['date', 'distance', 'duration', 'speed'] as const;
export type RideSortField = (typeof RIDE_SORT_FIELDS)[number];

export const RIDE_SORT_ORDERS = ['asc', 'desc'] as const;
export type RideSortOrder = (typeof RIDE_SORT_ORDERS)[number];

export const DEFAULT_RIDE_SORT_BY: RideSortField = 'date';
export const DEFAULT_RIDE_SORT_ORDER: RideSortOrder = 'desc';

/** The largest distance (miles) and duration (minutes) a filter may name. */
export const RIDE_FILTER_MAX_MILES = 10_000;
export const RIDE_FILTER_MAX_MINUTES = 100_000;

/**
 * The filter parameters, in miles and minutes (the units the screens show). `from`/`to` are whole
 * days (YYYY-MM-DD, both included) in the time zone `tz` names (UTC without it).
 */
export interface RideFilterParams {
  from?: string;
  to?: string;
  type?: (typeof CYCLING_SPORT_TYPES)[number];
  minDistance?: number;
  maxDistance?: number;
  minDuration?: number;
  maxDuration?: number;
  hasAiFeedback?: boolean;
  sortBy: RideSortField;
  sortOrder: RideSortOrder;
}

/** The eight filters (every one off unless given); the sort is `sortBy` and `sortOrder`. */
export const RIDE_FILTER_NAMES = [
  'from',
  'to',
  'type',
  'minDistance',
  'maxDistance',
  'minDuration',
  'maxDuration',
  'hasAiFeedback',
] as const satisfies readonly (keyof RideFilterParams)[];

export const RideFilterMessages = {
  invalidDate: (name: 'from' | 'to') => `${name} must be a date (YYYY-MM-DD)`,
  dateOrder: 'from must not be after to',
  invalidType: `type must be one of ${CYCLING_SPORT_TYPES.join(', ')}`,
  invalidDistance: (name: 'minDistance' | 'maxDistance') =>
    `${name} must be a number of miles from 0 to ${RIDE_FILTER_MAX_MILES}`,
  distanceOrder: 'minDistance must not be greater than maxDistance',
  invalidDuration: (name: 'minDuration' | 'maxDuration') =>
    `${name} must be a whole number of minutes from 0 to ${RIDE_FILTER_MAX_MINUTES}`,
  durationOrder: 'minDuration must not be greater than maxDuration',
  invalidHasAiFeedback: 'hasAiFeedback must be true or false',
  invalidSortBy: `sortBy must be one of ${RIDE_SORT_FIELDS.join(', ')}`,
  invalidSortOrder: 'sortOrder must be asc or desc',
} as const;
