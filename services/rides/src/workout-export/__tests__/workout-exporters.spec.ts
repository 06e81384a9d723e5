import { describe, expect, it } from '@jest/globals';
import { WorkoutExportMessages, type PlannedWorkoutDto } from '@domestique/proto';
import { buildWorkout } from '../../training/workouts.js';
import { fitWorkout } from '../fit-workout.js';
import { escapeText, foldLine, icalendarOf } from '../icalendar.js';
import { ergWorkout, mrcWorkout } from '../trainer-workout.js';
import { fileNameOf, slugOf } from '../workout-shape.js';
import { zwoWorkout } from '../zwo-workout.js';
import {
  icsEvents,
  parseXml,
  readCourseFile,
  readFit,
  readIcs,
  readZwo,
  stepsOfPoints,
  unescapeIcsText,
  type ReadStep,
} from './workout-readers.js';

const session = (
  kind: Parameters<typeof buildWorkout>[0],
  byPower = true,
  overrides: Partial<PlannedWorkoutDto> = {},
): PlannedWorkoutDto => ({
  date: '2026-11-27',
  type: kind,
  reason: 'Your form is +6 after two easy days, so a hard session fits here.',
  ...buildWorkout(kind, byPower, 5400),
  ...overrides,
});

/**
 * What a trainer holds, from the documented shape: the first of several steps ramps up its range,
 * the last of three or more ramps down it, the others hold the middle.
 */
const expectedTimeline = (workout: PlannedWorkoutDto): ReadStep[] =>
  workout.steps.map((step, index) => {
    const [low, high] = step.targetPercentFtp!;
    const count = workout.steps.length;
    if (index === 0 && count > 1) return { durationS: step.durationS, startPercent: low, endPercent: high };
    if (index === count - 1 && count > 2)
      return { durationS: step.durationS, startPercent: high, endPercent: low };
    const middle = (low + high) / 2;
    return { durationS: step.durationS, startPercent: middle, endPercent: middle };
  });

const KINDS = ['recovery', 'endurance', 'sweet-spot', 'threshold', 'vo2max'] as const;

describe('Zwift .zwo', () => {
  it.each(KINDS)('parses back as XML with the same steps (%s)', (kind) => {
    const workout = session(kind);
    const read = readZwo(zwoWorkout(workout));
    expect(read.name).toBe(workout.title);
    expect(read.description).toBe(workout.reason);
    expect(read.steps).toEqual(expectedTimeline(workout));
  });

  it('folds repeated on/off pairs into IntervalsT and keeps the labels of the other steps', () => {
    const workout = session('vo2max');
    const root = parseXml(zwoWorkout(workout));
    const elements = root.children.find((c) => c.name === 'workout')!.children;
    expect(elements.map((e) => e.name)).toEqual(['Warmup', 'IntervalsT', 'SteadyState', 'Cooldown']);
    expect(elements[1]!.attributes).toMatchObject({
      Repeat: '4',
      OnDuration: '240',
      OffDuration: '240',
      OnPower: '1.15',
      OffPower: '0.5',
    });
    expect(readZwo(zwoWorkout(workout)).labels).toEqual(['Warm-up', 'VO2max 5/5', 'Cool-down']);
  });

  it('escapes the title and reason', () => {
    const title = `Tom's <b>"over & under"</b> ]]>`;
    const workout = session('threshold', true, { title, reason: 'a < b & c > "d"' });
    const xml = zwoWorkout(workout);
    expect(xml).not.toContain('<b>');
    const read = readZwo(xml);
    expect(read.name).toBe(title);
    expect(read.description).toBe('a < b & c > "d"');
  });

  it('refuses a heart-rate session with 400 needsPower', () => {
    expect(() => zwoWorkout(session('endurance', false))).toThrow(WorkoutExportMessages.needsPower);
  });
});

describe('Garmin .fit workout', () => {
  it.each(KINDS)('decodes with the SDK to the same steps and %%FTP targets (%s)', (kind) => {
    const workout = session(kind);
    const read = readFit(fitWorkout(workout, new Date('2026-11-27T05:00:00Z')));
    expect(read.fileType).toBe('workout');
    expect(read.workout).toMatchObject({
      wktName: workout.title,
      sport: 'cycling',
      numValidSteps: workout.steps.length,
    });
    expect(
      read.steps.map((step) => ({
        durationS: step.durationTime,
        durationType: step.durationType,
        targetType: step.targetType,
        targetPercentFtp: [step.customTargetPowerLow, step.customTargetPowerHigh],
        label: step.wktStepName,
      })),
    ).toEqual(
      workout.steps.map((step) => ({
        durationS: step.durationS,
        durationType: 'time',
        targetType: 'power',
        targetPercentFtp: step.targetPercentFtp,
        label: step.label,
      })),
    );
    expect(read.steps.map((step) => step.messageIndex)).toEqual(workout.steps.map((_, index) => index));
  });

  it('carries heart-rate zones when the session has no power targets', () => {
    const workout = session('threshold', false);
    const read = readFit(fitWorkout(workout, new Date()));
    expect(read.steps.map((step) => [step.durationTime, step.targetType, step.targetHrZone])).toEqual(
      workout.steps.map((step) => [step.durationS, 'heartRate', step.targetHrZone]),
    );
    expect(read.steps.every((step) => step.customTargetPowerLow === undefined)).toBe(true);
  });

  it('is refused by the integrity check once a byte is changed', () => {
    const bytes = fitWorkout(session('sweet-spot'), new Date());
    bytes[20] = bytes[20]! ^ 0xff;
    expect(() => readFit(bytes)).toThrow('Not an intact FIT file');
  });
});

describe('.erg and .mrc', () => {
  it.each(KINDS)('read back as the same points, in watts of the FTP and in %%FTP (%s)', (kind) => {
    const workout = session(kind);
    const timeline = expectedTimeline(workout);
    const erg = readCourseFile(ergWorkout(workout, 250));
    expect(erg.header.FTP).toBe('250');
    expect(erg.units).toBe('MINUTES WATTS');
    expect(stepsOfPoints(erg.points)).toEqual(
      timeline.map((step) => ({
        durationS: step.durationS,
        startPercent: Math.round(step.startPercent * 2.5),
        endPercent: Math.round(step.endPercent * 2.5),
      })),
    );
    const mrc = readCourseFile(mrcWorkout(workout));
    expect(mrc.units).toBe('MINUTES PERCENT');
    expect(stepsOfPoints(mrc.points)).toEqual(timeline);
    expect(mrc.points[0]!.seconds).toBe(0);
    expect(mrc.points.at(-1)!.seconds).toBe(workout.durationS);
    expect(mrc.texts.map((text) => text[1])).toEqual(workout.steps.map((step) => step.label));
  });

  it('keeps odd seconds exact and labels on one line', () => {
    const workout = session('recovery', true, {
      title: 'Tab\there',
      steps: [
        { durationS: 37, targetPercentFtp: [50, 60], targetHrZone: null, label: 'one\ttwo' },
        { durationS: 73, targetPercentFtp: [100, 110], targetHrZone: null, label: 'three\nfour' },
      ],
    });
    const mrc = readCourseFile(mrcWorkout(workout));
    expect(stepsOfPoints(mrc.points)).toEqual([
      { durationS: 37, startPercent: 50, endPercent: 60 },
      { durationS: 73, startPercent: 105, endPercent: 105 },
    ]);
    expect(mrc.texts.map((text) => text[1])).toEqual(['one two', 'three four']);
    expect(mrc.header['FILE NAME']).toBe('Tab here');
  });

  it('refuses a heart-rate session', () => {
    expect(() => mrcWorkout(session('vo2max', false))).toThrow(WorkoutExportMessages.needsPower);
  });
});

describe('iCalendar feed', () => {
  const now = new Date('2026-11-27T03:55:00Z');

  it('answers RFC 5545: CRLF, folded lines, one all-day VEVENT per session with its steps and reason', () => {
    const sessions: PlannedWorkoutDto[] = [
      session('sweet-spot', true, {
        reason: 'Fresh legs; a long, steady session: 88-94% FTP. Ünïcödé ✓ '.repeat(3),
      }),
      {
        date: '2026-11-28',
        type: 'rest',
        title: 'Rest day',
        steps: [],
        durationS: 0,
        plannedLoad: 0,
        reason: 'Rest.',
      },
      session('endurance', false, { date: '2026-11-29' }),
    ];
    const text = icalendarOf(sessions, 'abc123', now);
    const lines = readIcs(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(text.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
    const events = icsEvents(lines);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      UID: 'workout-2026-11-27-abc123@domestique.app',
      DTSTAMP: '20261127T035500Z',
      'DTSTART;VALUE=DATE': '20261127',
      'DTEND;VALUE=DATE': '20261128',
    });
    expect(unescapeIcsText(events[0]!.SUMMARY!)).toBe(
      `${sessions[0]!.title} (1 h 11, ${sessions[0]!.plannedLoad} TSS)`,
    );
    const description = unescapeIcsText(events[0]!.DESCRIPTION!).split('\n');
    expect(description[0]).toBe(sessions[0]!.reason);
    expect(description.slice(2)).toEqual([
      '15 min Warm-up at 50-65% FTP',
      '12 min Sweet spot 1/3 at 88-94% FTP',
      '5 min Easy at 45-55% FTP',
      '12 min Sweet spot 2/3 at 88-94% FTP',
      '5 min Easy at 45-55% FTP',
      '12 min Sweet spot 3/3 at 88-94% FTP',
      '10 min Cool-down at 40-55% FTP',
    ]);
    expect(unescapeIcsText(events[1]!.DESCRIPTION!)).toContain('in heart-rate zone 2');
    expect(events[1]!['DTSTART;VALUE=DATE']).toBe('20261129');
  });

  it('escapes TEXT and folds at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    expect(folded.length).toBeGreaterThan(1);
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(
      `DESCRIPTION:${'é'.repeat(100)}`,
    );
  });
});

describe('file names', () => {
  it('are ASCII slugs of the title under the date', () => {
    expect(fileNameOf(session('sweet-spot'), 'zwo')).toBe('2026-11-27-sweet-spot-3-x-12-min.zwo');
    expect(slugOf('../../etc/"passwd"; rm -rf')).toBe('etcpasswd-rm-rf');
    expect(slugOf('Été à Vélo ✓')).toBe('ete-a-velo');
    expect(slugOf('✓✓')).toBe('workout');
  });
});
