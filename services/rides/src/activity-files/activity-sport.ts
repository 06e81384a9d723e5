import { ActivityFileError } from './activity-file.types.js';

/** `indoorCycling` (the FIT SDK's spelling) → `indoor_cycling`. */
export const snakeCase = (value: string): string =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();

/** What the rider reads for a sport the importer refuses ("a run", "a swim"). */
const ARTICLED: Record<string, string> = {
  running: 'a run',
  run: 'a run',
  swimming: 'a swim',
  swim: 'a swim',
  walking: 'a walk',
  walk: 'a walk',
  hiking: 'a hike',
  hike: 'a hike',
  multisport: 'a multisport activity',
  triathlon: 'a triathlon',
  transition: 'a transition',
  rowing: 'a row',
  alpine_skiing: 'a ski',
  cross_country_skiing: 'a ski',
  training: 'a training session',
  fitness_equipment: 'a gym session',
  other: 'marked as sport “Other”',
  generic: 'not marked as a ride',
};

/** Sport names (FIT sport, TCX Sport, GPX type) that mean a bike ride. */
const CYCLING = new Set([
  // FIT sports, TCX Sport, Garmin Connect GPX types
  'cycling',
  'e_biking',
  'biking',
  'bike',
  'mountain_biking',
  'road_biking',
  'gravel_cycling',
  'indoor_cycling',
  // Strava's sport types (GPX <type>, archive CSV)
  'ride',
  'virtual_ride',
  'e_bike_ride',
  'mountain_bike_ride',
  'e_mountain_bike_ride',
  'gravel_ride',
  'handcycle',
  'velomobile',
]);

/** True when a normalised sport name means cycling. */
export const isCyclingSport = (sport: string): boolean => CYCLING.has(snakeCase(sport));

/** The rider-facing refusal of a non-cycling file. */
export const notCycling = (sport: string): ActivityFileError => {
  const key = snakeCase(sport);
  const words = key.replace(/_/g, ' ');
  const what = ARTICLED[key] ?? `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words} activity`;
  return new ActivityFileError(
    'not-cycling',
    `This file is ${what}, not a ride: only cycling activities can be imported.`,
  );
};
