import { describe, expect, it } from '@jest/globals';
import { projectRoute, ROUTE_WIDTH } from './route-geometry';

describe('projectRoute', () => {
  it('fits the track in the box, north up, and breaks the line at GPS dropouts', () => {
    const route = projectRoute([
      [42, 3],
      [42, 3.01],
      [0, 0],
      [42.005, 3.01],
    ])!;
    expect(route.points[2]).toBeNull();
    const [west, east, , north] = route.points as [number, number][];
    expect(west[0]).toBeLessThan(east[0]); // east is right
    expect(north[1]).toBeLessThan(east[1]); // north is up
    for (const point of route.points.filter(Boolean) as [number, number][]) {
      expect(point[0]).toBeGreaterThanOrEqual(0);
      expect(point[0]).toBeLessThanOrEqual(ROUTE_WIDTH);
      expect(point[1]).toBeGreaterThanOrEqual(0);
      expect(point[1]).toBeLessThanOrEqual(route.height);
    }
    expect(route.path.match(/M/g)).toHaveLength(2);
    // longitude shrinks with the cosine of the latitude: 0.01° east is wider than 0.005° north
    expect(east[0] - west[0]).toBeGreaterThan(east[1] - north[1]);
  });

  it('has no route without two positions', () => {
    expect(
      projectRoute([
        [0, 0],
        [42, 3],
      ]),
    ).toBeNull();
  });
});
