import { describe, expect, it } from '@jest/globals';
import { isSameActivity, richerBecause } from '../duplicates.js';
import { cleanFileName, uploadKindOf } from '../multipart-upload.js';
import { csvActivityFor, isCyclingCsvActivity, parseCsv, readActivitiesCsv } from '../strava-archive-csv.js';

const at = (iso: string, elapsedTimeS: number, movingTimeS = elapsedTimeS) => ({
  startDate: new Date(iso),
  elapsedTimeS,
  movingTimeS,
});

describe('duplicates (start within 60 s, duration within 5%)', () => {
  it('matches on both rules and nothing less', () => {
    const ride = at('2024-05-01T07:00:00Z', 3600);
    expect(isSameActivity(ride, at('2024-05-01T07:01:00Z', 3600 * 1.05))).toBe(true);
    expect(isSameActivity(ride, at('2024-05-01T06:59:00Z', 3600 * 0.96))).toBe(true);
    expect(isSameActivity(ride, at('2024-05-01T07:01:01Z', 3600))).toBe(false);
    expect(isSameActivity(ride, at('2024-05-01T07:00:00Z', 3800))).toBe(false);
    // without an elapsed time, moving times are compared
    expect(isSameActivity(at('2024-05-01T07:00:00Z', 0, 3000), at('2024-05-01T07:00:10Z', 3400, 3050))).toBe(
      true,
    );
  });

  it('prefers power, then more channels; a tie keeps the existing copy', () => {
    const none = { power: false, heartrate: false, cadence: false };
    const hr = { power: false, heartrate: true, cadence: false };
    const power = { power: true, heartrate: false, cadence: false };
    expect(richerBecause(power, { power: false, heartrate: true, cadence: true })).toBe('no power');
    expect(richerBecause({ power: false, heartrate: true, cadence: true }, power)).toBeNull();
    expect(richerBecause(hr, none)).toBe('less data');
    expect(richerBecause(hr, hr)).toBeNull();
    expect(richerBecause(power, { ...power, heartrate: true })).toBeNull();
  });
});

describe('activities.csv of a Strava archive', () => {
  const csv = [
    '\ufeffActivity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename,Distance',
    '1,"Mar 14, 2021, 6:55:02 PM","Hills, ""twice""",Ride,"two\r\nlines",3600,30.5,activities/1.fit.gz,30500',
    '2,"Mar 15, 2021, 7:00:00 AM",Jog,Run,,1800,5,activities/2.gpx.gz,5000',
    '3,"Mar 16, 2021, 7:00:00 AM",Zwift,Virtual Ride,,1800,20,activities/3.fit.gz,20000',
    '4,"Mar 17, 2021, 7:00:00 AM",Manual,Ride,,1800,20,,20000',
  ].join('\r\n');

  it('reads quoted fields, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b,c","d ""e""\nf"\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'd "e"\nf'],
      ['1', '2', '3'],
    ]);
  });

  it('keys each activity with a file by its path, with Strava’s sport types and UTC dates', () => {
    const activities = readActivitiesCsv(csv);
    expect([...activities.keys()]).toEqual([
      'activities/1.fit.gz',
      'activities/2.gpx.gz',
      'activities/3.fit.gz',
    ]);
    expect(activities.get('activities/1.fit.gz')).toEqual({
      activityId: '1',
      name: 'Hills, "twice"',
      sportType: 'Ride',
      startDate: new Date('2021-03-14T18:55:02Z'),
      fileName: 'activities/1.fit.gz',
    });
    expect(activities.get('activities/3.fit.gz')?.sportType).toBe('VirtualRide');
    expect(isCyclingCsvActivity(activities.get('activities/2.gpx.gz')!)).toBe(false);
    expect(isCyclingCsvActivity(activities.get('activities/3.fit.gz')!)).toBe(true);
  });

  it('finds an entry under the archive’s top folder too', () => {
    const activities = readActivitiesCsv(csv);
    expect(csvActivityFor(activities, 'export_123/activities/1.fit.gz')?.activityId).toBe('1');
    expect(csvActivityFor(activities, 'ACTIVITIES/2.GPX.GZ')?.activityId).toBe('2');
    expect(csvActivityFor(activities, 'other/9.fit')).toBeNull();
  });
});

describe('uploaded file names', () => {
  it('accepts activity files (gzipped or not) and zips by extension', () => {
    expect(
      ['a.FIT', 'b.gpx.gz', 'c.tcx', 'd.zip', 'e.png', 'f.fit.zip.exe', 'g.gz'].map(uploadKindOf),
    ).toEqual(['activity', 'activity', 'activity', 'archive', null, null, null]);
  });

  it('keeps the base name only, without control characters', () => {
    expect(cleanFileName('C:\\rides\\morning\u0000.fit')).toBe('morning.fit');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName(undefined)).toBe('file');
  });
});
