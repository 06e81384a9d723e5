import { jest } from '@jest/globals';
import type { PlanCalendarDto, PlanSessionDto, TrainingPlanDto } from '@domestique/proto';

/**
 * Plan fixtures shaped as `GET /api/plans/current` and `/api/plans/calendar` answer them, around a
 * fixed today (TODAY, a Wednesday): the specs freeze the clock there (`freezeToday`).
 */
export const TODAY = '2026-03-11';

/** Fakes only Date (timers stay real, for Chakra's and user-event's), at noon UTC on TODAY. */
export const freezeToday = (): void => {
  jest.useFakeTimers({
    now: new Date(`${TODAY}T12:00:00Z`),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
};

export const session = (id: string, overrides: Partial<PlanSessionDto> = {}): PlanSessionDto => ({
  id,
  date: '2026-03-12',
  type: 'vo2max',
  title: '5 x 4 min VO2max',
  steps: [
    { durationS: 900, targetPercentFtp: [50, 65], targetHrZone: null, label: 'Warm-up' },
    { durationS: 240, targetPercentFtp: [110, 120], targetHrZone: null, label: 'VO2max' },
    { durationS: 2460, targetPercentFtp: [45, 55], targetHrZone: null, label: 'Easy' },
  ],
  durationS: 3600,
  plannedLoad: 78,
  reason: 'Your form is +8 after two easy days: a good day for hard intervals.',
  week: 3,
  phase: 'build',
  status: 'planned',
  originalDate: null,
  compliance: null,
  role: 'training',
  ...overrides,
});

export const SESSIONS: PlanSessionDto[] = [
  session('s-done', {
    date: '2026-03-09',
    type: 'endurance',
    title: 'Endurance 90 min',
    durationS: 5400,
    plannedLoad: 70,
    status: 'completed',
    compliance: {
      rideId: 'ride-1',
      rideName: 'Morning endurance',
      durationS: 5300,
      load: 66,
      durationRatio: 0.98,
      loadRatio: 0.94,
      timeInTargetRatio: 0.81,
      score: 92,
      verdict: 'done',
      summary: 'Ridden as planned: 98% of the time and 94% of the load.',
    },
  }),
  session('s-missed', {
    date: '2026-03-10',
    type: 'threshold',
    title: '2 x 20 min threshold',
    plannedLoad: 85,
    status: 'missed',
  }),
  session('s-vo2'),
  session('s-long', {
    date: '2026-03-14',
    type: 'endurance',
    title: 'Long ride 3 h',
    // by heart rate: the rider has no FTP for this one
    steps: [{ durationS: 10_800, targetPercentFtp: null, targetHrZone: 2, label: 'Endurance' }],
    durationS: 10_800,
    plannedLoad: 150,
    role: 'long-ride',
  }),
];

export const testPlan = (overrides: Partial<TrainingPlanDto> = {}): TrainingPlanDto => ({
  id: 'plan-1',
  eventName: 'Marmotte Gran Fondo',
  eventDate: '2026-05-31',
  eventType: 'gran-fondo',
  weeklyHours: 8,
  ridingDays: ['tue', 'thu', 'sat', 'sun'],
  longRideDay: 'sat',
  createdAt: '2026-02-23T08:00:00.000Z',
  startCtl: 42,
  rampLimit: 6,
  phases: [
    { phase: 'base', from: '2026-02-23', to: '2026-03-22' },
    { phase: 'build', from: '2026-03-23', to: '2026-04-26' },
    { phase: 'peak', from: '2026-04-27', to: '2026-05-17' },
    { phase: 'taper', from: '2026-05-18', to: '2026-05-31' },
  ],
  weeks: [
    {
      index: 1,
      weekStart: '2026-02-23',
      phase: 'base',
      recovery: false,
      targetLoad: 380,
      plannedLoad: 375,
      completedLoad: 360,
      targetCtl: 46,
      explanation: 'Your fitness is 42: this week adds 4, under the 6 a week the plan allows.',
    },
    {
      index: 4,
      weekStart: '2026-03-16',
      phase: 'base',
      recovery: true,
      targetLoad: 250,
      plannedLoad: 245,
      completedLoad: 0,
      targetCtl: 50,
      explanation: 'A recovery week at 60% of the load: fitness settles before the build.',
    },
  ],
  sessions: SESSIONS,
  adjustments: [
    {
      id: 'a-old',
      createdAt: '2026-03-02T06:00:00.000Z',
      sessionId: null,
      kind: 'week-load',
      reason: 'Lowered this week to 360 TSS: you completed 70% of last week.',
    },
    {
      id: 'a-new',
      createdAt: '2026-03-10T21:00:00.000Z',
      sessionId: 's-vo2',
      kind: 'moved',
      reason: "Moved Thursday's VO2max session: your form is -28 after Tuesday's race.",
    },
  ],
  racePrep: {
    taperStart: '2026-05-18',
    guidance: ['Two weeks out, cut the volume by 40% and keep a little intensity.'],
    targets: ['4-6 h: 65-75% FTP (169-195 W)'],
    pacing: null,
  },
  explanation: ['Built from your fitness (CTL 42) over 14 weeks, rising at most 6 a week.'],
  ...overrides,
});

type CalendarDayDto = PlanCalendarDto['days'][number];

/** The calendar of a range: each day's sessions from `sessions`, and the rides given by day. */
export const testCalendar = (
  from: string,
  to: string,
  sessions: PlanSessionDto[],
  rides: Record<string, CalendarDayDto['rides']> = {},
  hasPlan = true,
): PlanCalendarDto => {
  const days: CalendarDayDto[] = [];
  for (
    let day = from;
    day <= to;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  )
    days.push({ date: day, sessions: sessions.filter((s) => s.date === day), rides: rides[day] ?? [] });
  return { from, to, hasPlan, days };
};
