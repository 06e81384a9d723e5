import type { PlannedWorkoutDto } from '@domestique/proto';
import { timelineOf, type TimelineStep } from './workout-shape.js';

/**
 * A session as a Zwift workout (.zwo): `workout_file` with Warmup and Cooldown ramps, SteadyState
 * holds, and IntervalsT for repeated on/off pairs; power as a fraction of FTP. Pure.
 */

/** Escapes text for an XML attribute or element. */
export const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]!};`,
  );

/** %FTP as Zwift's fraction of FTP ("0.91", "0.475"). */
const fraction = (percent: number): string => String(Math.round(percent * 100) / 10_000);

const sameStep = (a: TimelineStep, b: TimelineStep): boolean =>
  a.role === 'steady' &&
  b.role === 'steady' &&
  a.durationS === b.durationS &&
  a.startPercent === b.startPercent;

/** How many identical (on, off) pairs start at `index` of the timeline. */
const pairsAt = (timeline: TimelineStep[], index: number): number => {
  const on = timeline[index];
  const off = timeline[index + 1];
  if (!on || !off || on.role !== 'steady' || off.role !== 'steady') return 0;
  let count = 1;
  while (
    timeline[index + 2 * count + 1] &&
    sameStep(timeline[index + 2 * count]!, on) &&
    sameStep(timeline[index + 2 * count + 1]!, off)
  )
    count++;
  return count;
};

const label = (step: TimelineStep): string =>
  `<textevent timeoffset="0" message="${escapeXml(step.label)}"/>`;

const element = (step: TimelineStep): string => {
  switch (step.role) {
    case 'warmup':
      return `<Warmup Duration="${step.durationS}" PowerLow="${fraction(step.startPercent)}" PowerHigh="${fraction(step.endPercent)}">${label(step)}</Warmup>`;
    case 'cooldown':
      return `<Cooldown Duration="${step.durationS}" PowerLow="${fraction(step.startPercent)}" PowerHigh="${fraction(step.endPercent)}">${label(step)}</Cooldown>`;
    case 'steady':
      return `<SteadyState Duration="${step.durationS}" Power="${fraction(step.startPercent)}">${label(step)}</SteadyState>`;
  }
};

/** The workout's elements, repeated on/off pairs (two or more) folded into IntervalsT. */
const elementsOf = (timeline: TimelineStep[]): string[] => {
  const elements: string[] = [];
  for (let index = 0; index < timeline.length;) {
    const pairs = pairsAt(timeline, index);
    if (pairs >= 2) {
      const on = timeline[index]!;
      const off = timeline[index + 1]!;
      elements.push(
        `<IntervalsT Repeat="${pairs}" OnDuration="${on.durationS}" OffDuration="${off.durationS}" OnPower="${fraction(on.startPercent)}" OffPower="${fraction(off.startPercent)}"/>`,
      );
      index += 2 * pairs;
    } else {
      elements.push(element(timeline[index]!));
      index++;
    }
  }
  return elements;
};

/** The .zwo file of a session with power targets (400 for a heart-rate session). */
export const zwoWorkout = (workout: PlannedWorkoutDto): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<workout_file>',
    '  <author>Domestique</author>',
    `  <name>${escapeXml(workout.title)}</name>`,
    `  <description>${escapeXml(workout.reason)}</description>`,
    '  <sportType>bike</sportType>',
    '  <tags/>',
    '  <workout>',
    ...elementsOf(timelineOf(workout)).map((line) => `    ${line}`),
    '  </workout>',
    '</workout_file>',
    '',
  ].join('\n');
