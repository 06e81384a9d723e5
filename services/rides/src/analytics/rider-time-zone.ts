import { badRequest } from '@domestique/common';
import { RideErrorCode, RideMessages } from '@domestique/proto';
import type { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { isTimeZone } from '../rider/time-zone.js';

/** The zone a rider's weeks and days are cut in: Strava's, else the browser's, else UTC. */
export const riderTimeZone = async (
  profiles: RiderProfileRepository,
  userId: string,
  browserTimeZone?: string,
): Promise<string> => {
  // an empty name is no time zone either (it used to reach the database and fail there: a 500)
  if (typeof browserTimeZone === 'string' && !isTimeZone(browserTimeZone))
    throw badRequest(RideMessages.invalidTimeZone, RideErrorCode.InvalidTimeZone);
  const profile = await profiles.findForUser(userId);
  return profile?.timeZone ?? browserTimeZone ?? 'UTC';
};
