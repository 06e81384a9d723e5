import type { AiFeedbackDto } from './analysis.dto.js';

/** A ride as the rides list answers it (spec section 3). Distances in metres, speeds in m/s, times in seconds. */
export interface RideDto {
  id: string;
  /** falls back to "Unnamed Ride" */
  name: string;
  /** ISO 8601, UTC */
  startDate: string;
  /** Strava sport type; falls back to "Ride" */
  type: string;
  distance: number;
  movingTime: number;
  totalElevationGain: number;
  averageSpeed: number;
  averageWatts: number | null;
  averageHeartrate: number | null;
  averageCadence: number | null;
  hasAiFeedback: boolean;
  /** the same as hasAiFeedback; the spec's views read both names */
  hasFeedback: boolean;
  aiFeedback: AiFeedbackDto | null;
}

export const UNNAMED_RIDE = 'Unnamed Ride';
export const DEFAULT_RIDE_TYPE = 'Ride';
