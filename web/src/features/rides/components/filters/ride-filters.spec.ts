import { describe, expect, it } from '@jest/globals';
import {
  activeFilterCount,
  parseRideFilters,
  rideTypeLabel,
  toRideFilterInput,
  withoutFilters,
  writeRideFilters,
  type RideFilters,
} from './ride-filters';

const read = (query: string) => parseRideFilters(new URLSearchParams(query));

describe('ride filters in the URL', () => {
  it('defaults to date, descending, every filter off, and writes nothing for the defaults', () => {
    expect(read('')).toEqual({ sortBy: 'date', sortOrder: 'desc' });
    expect(writeRideFilters(read('')).toString()).toBe('');
    expect(activeFilterCount(read(''))).toBe(0);
  });

  it('round-trips every filter and the sort through the search parameters', () => {
    const filters: RideFilters = {
      from: '2026-03-01',
      to: '2026-03-31',
      type: 'GravelRide',
      minDistance: 10.5,
      maxDistance: 40,
      minDuration: 30,
      maxDuration: 180,
      hasAiFeedback: false,
      sortBy: 'speed',
      sortOrder: 'asc',
    };
    const params = writeRideFilters(filters);
    expect(params.toString()).toBe(
      'from=2026-03-01&to=2026-03-31&type=GravelRide&minDistance=10.5&maxDistance=40&minDuration=30&maxDuration=180&hasAiFeedback=false&sortBy=speed&sortOrder=asc',
    );
    expect(parseRideFilters(params)).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(8);
    expect(withoutFilters(filters)).toEqual({ sortBy: 'speed', sortOrder: 'asc' });
  });

  it('keeps the parameters that are not filters, and drops a filter set back to off', () => {
    const params = writeRideFilters(
      { sortBy: 'date', sortOrder: 'desc', hasAiFeedback: true },
      new URLSearchParams('strava=connected&type=Ride&sortBy=distance'),
    );
    expect(params.toString()).toBe('strava=connected&hasAiFeedback=true');
  });

  it('ignores values that are not valid rather than breaking the page', () => {
    expect(
      read(
        'from=2026-02-30&to=soon&type=Run&minDistance=-3&maxDistance=abc&minDuration=1.5&maxDuration=&hasAiFeedback=yes&sortBy=power&sortOrder=up',
      ),
    ).toEqual({ sortBy: 'date', sortOrder: 'desc' });
    // a minimum above its maximum keeps neither
    expect(read('minDistance=30&maxDistance=20&minDuration=10')).toEqual({
      minDuration: 10,
      sortBy: 'date',
      sortOrder: 'desc',
    });
    expect(read('from=2026-03-05&to=2026-03-01')).toEqual({ sortBy: 'date', sortOrder: 'desc' });
  });

  it("adds the browser's time zone to the GraphQL filter only when a day is named", () => {
    expect(toRideFilterInput(read('type=Ride'), 'Europe/Paris')).toEqual({
      type: 'Ride',
      sortBy: 'date',
      sortOrder: 'desc',
    });
    expect(toRideFilterInput(read('from=2026-03-01'), 'Europe/Paris')).toMatchObject({
      from: '2026-03-01',
      timeZone: 'Europe/Paris',
    });
  });

  it('labels the ride types for people', () => {
    expect(rideTypeLabel('MountainBikeRide')).toBe('Mountain Bike Ride');
    expect(rideTypeLabel('EBikeRide')).toBe('E-Bike Ride');
    expect(rideTypeLabel('EMountainBikeRide')).toBe('E-Mountain Bike Ride');
    expect(rideTypeLabel('Ride')).toBe('Ride');
  });
});
