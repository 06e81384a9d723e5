import { badRequest } from '@domestique/common';
import {
  METRES_PER_MILE,
  RideErrorCode,
  RideMessages,
  type CyclingSportType,
  type RidesPageQuery,
  type RideSortField,
  type RideSortOrder,
} from '@domestique/proto';
import { isTimeZone } from '../rider/time-zone.js';
import type { RideEntity } from './ride.entity.js';

/**
 * What the rides list keeps and in which order, in the units of storage (metres, seconds). Days are
 * resolved in `timeZone`: `from` is the start of that day, `toExclusive` the start of the day after.
 */
export interface RideListFilter {
  from?: string;
  to?: string;
  timeZone: string;
  type?: CyclingSportType;
  minDistanceM?: number;
  maxDistanceM?: number;
  minMovingTimeS?: number;
  maxMovingTimeS?: number;
  hasAiFeedback?: boolean;
  sortBy: RideSortField;
  sortOrder: RideSortOrder;
}

/** Newest first, nothing filtered out: the list the spec's `GET /api/rides` answers. */
export const UNFILTERED: RideListFilter = { timeZone: 'UTC', sortBy: 'date', sortOrder: 'desc' };

/** The column each sort orders by (ties broken by id, in the same direction). */
export const SORT_COLUMNS: Record<RideSortField, string> = {
  date: 'start_date',
  distance: 'distance_m',
  duration: 'moving_time_s',
  speed: 'average_speed_mps',
};

/** The value of a ride's sort column, as the cursor carries it. */
export const sortValueOf = (ride: RideEntity, sortBy: RideSortField): string => {
  switch (sortBy) {
    case 'date':
      return ride.startDate.toISOString();
    case 'distance':
      return String(ride.distanceM);
    case 'duration':
      return String(ride.movingTimeS);
    case 'speed':
      return String(ride.averageSpeedMps);
  }
};

/** A validated query (miles, minutes, days) in storage units; an unknown time zone is a 400. */
export const toRideListFilter = (query: Omit<RidesPageQuery, 'limit' | 'cursor'>): RideListFilter => {
  if (query.tz !== undefined && !isTimeZone(query.tz))
    throw badRequest(RideMessages.invalidTimeZone, RideErrorCode.InvalidTimeZone);
  const metres = (miles: number | undefined) => (miles === undefined ? undefined : miles * METRES_PER_MILE);
  const seconds = (minutes: number | undefined) => (minutes === undefined ? undefined : minutes * 60);
  return {
    from: query.from,
    to: query.to,
    timeZone: query.tz ?? 'UTC',
    type: query.type,
    minDistanceM: metres(query.minDistance),
    maxDistanceM: metres(query.maxDistance),
    minMovingTimeS: seconds(query.minDuration),
    maxMovingTimeS: seconds(query.maxDuration),
    hasAiFeedback: query.hasAiFeedback,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
  };
};
