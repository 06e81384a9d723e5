import fc from 'fast-check';
import { EVENT_TYPES, PLAN_PHASES, WEEKDAYS, type Weekday } from '@domestique/proto';
import { addDays } from '../dates.js';
import { buildPlan } from '../periodise.js';
import type { PlanRequestInput, PlanRider } from '../types.js';
import { isHardType } from '../workout-library.js';
import {
  hardBackToBack,
  longRideShorterThanEasyDays,
  offDaySessions,
  rampViolations,
  trainingSecondsByWeek,
} from './plan-invariants.js';

const fondo: PlanRequestInput = {
  today: '2026-11-30',
  eventName: 'Spring Fondo',
  eventDate: '2027-02-21',
  eventType: 'gran-fondo',
  weeklyHours: 8,
  ridingDays: ['tue', 'thu', 'sat', 'sun'],
  longRideDay: 'sun',
};
const rider: PlanRider = { ftp: 260, lthr: 165, weightKg: 72, startCtl: 50, startAtl: 55 };

describe('buildPlan: a 12-week gran fondo plan, CTL 50, 8 h on 4 days', () => {
  const plan = buildPlan(fondo, rider);

  it('runs from this week to the event week, phases in order ending with the taper', () => {
    expect(plan.weeks).toHaveLength(12);
    expect(plan.weeks[0]!.weekStart).toBe('2026-11-30');
    expect(plan.weeks.at(-1)!.weekStart).toBe('2027-02-15');
    expect(plan.phases.map((phase) => phase.phase)).toEqual(['base', 'build', 'peak', 'taper']);
    expect(plan.phases[0]!.from).toBe(fondo.today);
    plan.phases
      .slice(1)
      .forEach((phase, index) => expect(phase.from).toBe(addDays(plan.phases[index]!.to, 1)));
    expect(plan.phases.at(-1)).toEqual({ phase: 'taper', from: '2027-02-12', to: fondo.eventDate });
    const order = plan.weeks.map((week) => PLAN_PHASES.indexOf(week.phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(plan.rampLimit).toBe(6);
    expect(plan.startCtl).toBe(50);
  });

  it('keeps the simulated fitness rise within the ramp bound every week', () => {
    expect(rampViolations(plan, fondo, rider)).toEqual([]);
  });

  it('plans a recovery week every 4th week at about 60% of the week before', () => {
    const recovery = plan.weeks.filter((week) => week.recovery).map((week) => week.index);
    expect(recovery).toEqual([4, 8]);
    for (const index of recovery) {
      const ratio = plan.weeks[index - 1]!.targetLoad / plan.weeks[index - 2]!.targetLoad;
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(0.7);
    }
  });

  it('rides only on the riding days, never two hard days in a row, within the weekly hours', () => {
    expect(offDaySessions(plan, fondo)).toEqual([]);
    expect(hardBackToBack(plan)).toEqual([]);
    for (const week of plan.weeks) {
      const seconds = plan.sessions
        .filter((s) => s.week === week.index)
        .reduce((sum, s) => sum + s.durationS, 0);
      expect(seconds).toBeLessThanOrEqual(fondo.weeklyHours * 3600);
    }
    for (const week of plan.weeks) {
      const intensity = plan.sessions.filter(
        (s) =>
          s.week === week.index && s.role === 'training' && s.type !== 'endurance' && s.type !== 'recovery',
      );
      expect(intensity.length).toBeLessThanOrEqual(3);
    }
  });

  it('puts the long ride on Sundays and the week target is the sum of its sessions', () => {
    const long = plan.sessions.filter((session) => session.role === 'long-ride');
    expect(long.length).toBeGreaterThanOrEqual(10);
    expect(long.every((session) => new Date(`${session.date}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    for (const week of plan.weeks)
      expect(week.targetLoad).toBe(
        plan.sessions.filter((s) => s.week === week.index).reduce((sum, s) => sum + s.plannedLoad, 0),
      );
  });

  it('ends with the taper, openers the day before and the event', () => {
    const last = plan.sessions.at(-1)!;
    expect(last).toMatchObject({
      key: 'event',
      role: 'event',
      type: 'race',
      date: fondo.eventDate,
      phase: 'taper',
    });
    expect(last.durationS).toBe(4.5 * 3600);
    const opener = plan.sessions.find((session) => session.role === 'opener');
    expect(opener).toMatchObject({ date: '2027-02-20', phase: 'taper' });
    // taper training: volume well below the peak weeks
    const peakWeek = plan.weeks.find((week) => week.phase === 'peak')!;
    const taperTraining = plan.sessions
      .filter((s) => s.date >= '2027-02-15' && s.role !== 'event')
      .reduce((sum, s) => sum + s.plannedLoad, 0);
    expect(taperTraining).toBeLessThan(peakWeek.targetLoad * 0.6);
    expect(plan.racePrep.taperStart).toBe('2027-02-12');
    expect(plan.racePrep.guidance.join(' ')).toMatch(/Taper from Friday 2027-02-12/);
    expect(plan.racePrep.guidance.join(' ')).toMatch(/openers on Saturday 2027-02-20/);
    expect(plan.racePrep.targets).toContain('1-2 h: 75-85% FTP (195-221 W)');
  });

  it('never plans in the past and keys sessions uniquely', () => {
    expect(plan.sessions.every((session) => session.date >= fondo.today)).toBe(true);
    expect(new Set(plan.sessions.map((session) => session.key)).size).toBe(plan.sessions.length);
  });

  it('explains every week and the plan from the numbers', () => {
    const week = plan.weeks[1]!;
    expect(week.explanation).toMatch(
      new RegExp(
        `^Base week 2 of \\d+: ${week.targetLoad} TSS aims your fitness from \\d+ to ${Math.round(week.targetCtl)} CTL, within the 6 CTL/week bound\\.`,
      ),
    );
    expect(plan.weeks[3]!.explanation).toMatch(/^Recovery week: \d+ TSS, about 60% of last week's \d+/);
    expect(plan.weeks.at(-1)!.explanation).toMatch(/^Taper: \d+ TSS including Spring Fondo/);
    expect(plan.explanation.join(' ')).toMatch(/fitness today: 50 CTL/);
    expect(plan.explanation.join(' ')).toMatch(/at most 6 CTL a week/);
    expect(plan.explanation.join(' ')).toMatch(/8 h on Tuesday, Thursday, Saturday, Sunday/);
  });
});

describe('buildPlan: event types and riders', () => {
  it('gives a criterium anaerobic and sprint work in build and peak', () => {
    const plan = buildPlan(
      {
        ...fondo,
        eventType: 'criterium',
        weeklyHours: 10,
        ridingDays: ['mon', 'tue', 'wed', 'thu', 'sat', 'sun'],
      },
      rider,
    );
    const late = plan.sessions.filter(
      (s) => (s.phase === 'build' || s.phase === 'peak') && s.role === 'training',
    );
    expect(late.some((s) => s.type === 'anaerobic')).toBe(true);
    expect(late.some((s) => /Sprint/.test(s.title))).toBe(true);
    expect(plan.sessions.at(-1)!.durationS).toBe(3600);
  });

  it('gives a time trial threshold work and no anaerobic sessions', () => {
    const plan = buildPlan({ ...fondo, eventType: 'time-trial' }, rider);
    const late = plan.sessions.filter((s) => s.phase === 'build' || s.phase === 'peak');
    expect(late.some((s) => s.type === 'threshold')).toBe(true);
    expect(late.some((s) => s.type === 'anaerobic')).toBe(false);
  });

  it('starts a new rider gently: the first week endurance only, fitness within the bound', () => {
    const newRider = { ...rider, startCtl: 0, startAtl: 0 };
    const request = {
      ...fondo,
      weeklyHours: 15,
      ridingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as Weekday[],
    };
    const plan = buildPlan(request, newRider);
    expect(
      plan.sessions.filter((s) => s.week === 1).every((s) => !isHardType(s.type) && s.type !== 'tempo'),
    ).toBe(true);
    expect(plan.weeks[0]!.explanation).toMatch(/start gently from a fitness of 0/);
    expect(rampViolations(plan, request, newRider)).toEqual([]);
    // the load grows week over week while the ramp allows
    expect(plan.weeks[1]!.targetLoad).toBeGreaterThan(plan.weeks[0]!.targetLoad);
  });

  it('gives a rider without an FTP heart-rate targets', () => {
    const hrRider = { ...rider, ftp: null };
    const plan = buildPlan(fondo, hrRider);
    const steps = plan.sessions.flatMap((session) => session.steps);
    expect(steps.every((step) => step.targetPercentFtp === null && step.targetHrZone !== null)).toBe(true);
    expect(plan.racePrep.targets[1]).toBe('1-2 h: heart-rate zones 2-3 (134-155 bpm)');
    expect(plan.explanation.join(' ')).toMatch(/heart-rate zones/);
  });

  it('keeps general fitness phased without race guidance', () => {
    const plan = buildPlan({ ...fondo, eventType: 'general-fitness' }, rider);
    expect(plan.phases.map((phase) => phase.phase)).toEqual(['base', 'build', 'peak', 'taper']);
    expect(plan.sessions.at(-1)!.type).toBe('endurance');
    expect(plan.racePrep.guidance[0]).toMatch(/^No race taper/);
  });
});

describe('buildPlan: properties', () => {
  const requests = fc.record({
    offset: fc.integer({ min: 0, max: 700 }),
    days: fc.integer({ min: 28, max: 364 }),
    eventType: fc.constantFrom(...EVENT_TYPES),
    weeklyHours: fc.integer({ min: 4, max: 50 }).map((half) => half / 2),
    ridingDays: fc.subarray([...WEEKDAYS], { minLength: 2 }),
    longIndex: fc.nat(),
    startCtl: fc.integer({ min: 0, max: 120 }),
    ftp: fc.option(fc.integer({ min: 120, max: 400 })),
  });

  it('holds the safety rules for any request', () => {
    fc.assert(
      fc.property(requests, (input) => {
        const today = addDays('2026-01-01', input.offset);
        const request: PlanRequestInput = {
          today,
          eventName: 'Event',
          eventDate: addDays(today, input.days),
          eventType: input.eventType,
          weeklyHours: input.weeklyHours,
          ridingDays: input.ridingDays,
          longRideDay: input.ridingDays[input.longIndex % input.ridingDays.length]!,
        };
        const planRider: PlanRider = {
          ftp: input.ftp,
          lthr: 160,
          weightKg: 70,
          startCtl: input.startCtl,
          startAtl: input.startCtl,
        };
        const plan = buildPlan(request, planRider);
        expect(rampViolations(plan, request, planRider)).toEqual([]);
        expect(hardBackToBack(plan)).toEqual([]);
        expect(offDaySessions(plan, request)).toEqual([]);
        expect(longRideShorterThanEasyDays(plan)).toEqual([]);
        for (const seconds of trainingSecondsByWeek(plan))
          expect(seconds).toBeLessThanOrEqual(request.weeklyHours * 3600);
        expect(plan.sessions.every((s) => s.date >= today && s.date <= request.eventDate)).toBe(true);
        expect(plan.sessions.filter((s) => s.role === 'event')).toHaveLength(1);
        expect(plan.phases.at(-1)!.to).toBe(request.eventDate);
        expect(new Set(plan.sessions.map((s) => s.key)).size).toBe(plan.sessions.length);
        expect(plan.sessions.every((s) => s.durationS > 0 && s.plannedLoad >= 0)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
