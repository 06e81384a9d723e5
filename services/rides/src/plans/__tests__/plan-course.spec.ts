import { describe, expect, it } from '@jest/globals';
import { PlanMessages } from '@domestique/proto';
import { gzipSync } from 'node:zlib';
import { distanceM, MAX_COURSE_POINTS, readCourse, resampleCourse } from '../plan-course.js';

const gpx = (body: string) =>
  Buffer.from(
    `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`,
  );
const trkpt = (lat: number, lng: number, ele?: number) =>
  `<trkpt lat="${lat}" lon="${lng}">${ele === undefined ? '' : `<ele>${ele}</ele>`}<time>2026-01-01T00:00:00Z</time></trkpt>`;

const refused = (data: Buffer) => {
  try {
    readCourse({ fileName: 'course.gpx', data });
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('reading a GPX course', () => {
  it('reads track points with elevation and the track name', () => {
    const course = readCourse({
      fileName: 'x.gpx',
      data: gpx(
        `<trk><name> Passo &amp; Valle </name><trkseg>${trkpt(45, 10, 100)}${trkpt(45.01, 10)}</trkseg></trk>`,
      ),
    });
    expect(course).toEqual({
      name: 'Passo & Valle',
      points: [
        { lat: 45, lng: 10, ele: 100 },
        { lat: 45.01, lng: 10, ele: null },
      ],
    });
  });

  it('falls back to route points and the file name, and reads gzip', () => {
    const data = gzipSync(gpx('<rte><rtept lat="1" lon="2"/><rtept lat="1.001" lon="2"/></rte>'));
    const course = readCourse({ fileName: 'my-route.gpx.gz', data });
    expect(course.name).toBe('my-route');
    expect(course.points).toHaveLength(2);
  });

  it('refuses what is not a GPX course of two points', () => {
    for (const data of [
      Buffer.from('hello'),
      gpx(`<trk><trkseg>${trkpt(45, 10)}</trkseg></trk>`),
      Buffer.from(`<kml>${trkpt(45, 10)}${trkpt(46, 10)}</kml>`),
      gpx(`<trk><trkseg>${trkpt(45, 10)}<trkpt lat="x" lon="10"/><trkpt lat="95" lon="10"/></trkseg></trk>`),
      Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]),
    ])
      expect(refused(data)).toBe(PlanMessages.courseInvalid);
  });
});

describe('resampling a course', () => {
  const line = (count: number, stepDeg: number) =>
    Array.from({ length: count }, (_, i) => ({ lat: 45 + i * stepDeg, lng: 10, ele: i }));

  it('drops points closer than 10 m but keeps the first and the last', () => {
    const points = line(101, 0.00001); // about 1.1 m apart
    const kept = resampleCourse(points);
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points[100]);
    for (let i = 1; i < kept.length - 1; i++)
      expect(distanceM(kept[i - 1]!, kept[i]!)).toBeGreaterThanOrEqual(10);
    expect(kept.length).toBeLessThan(15);
  });

  it(`keeps at most ${MAX_COURSE_POINTS} points of a long course`, () => {
    const points = line(20_000, 0.001);
    const kept = resampleCourse(points);
    expect(kept).toHaveLength(MAX_COURSE_POINTS);
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points.at(-1));
  });
});
