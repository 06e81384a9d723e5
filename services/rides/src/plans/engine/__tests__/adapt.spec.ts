import type { Weekday } from '@domestique/proto';
import { adaptPlan } from '../adapt.js';
import { weekdayOf } from '../dates.js';
import type { AdaptInput, EngineWeek, SettledSession } from '../types.js';
import { instantiateWorkout, workoutById } from '../workout-library.js';
import { weekLoadCheck } from '../week-load.js';

const ALL_DAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const week = (index: number, weekStart: string, targetLoad = 400): EngineWeek => ({
  index,
  weekStart,
  phase: 'build',
  recovery: false,
  targetLoad,
  targetCtl: 50,
  explanation: '',
});

const session = (
  id: string,
  date: string,
  status: SettledSession['status'] = 'planned',
  extra: Partial<SettledSession> = {},
): SettledSession => {
  const workout = instantiateWorkout(workoutById(id), { date, byPower: true, durationS: 5400, reason: '' });
  return {
    ...workout,
    key: `w${date < '2026-12-07' ? '01' : '02'}-${weekdayOf(date)}`,
    week: date < '2026-12-07' ? 1 : 2,
    phase: 'build',
    role: id === 'endurance-long' ? 'long-ride' : 'training',
    status,
    compliance: null,
    originalDate: null,
    ...extra,
  };
};

const input = (overrides: Partial<AdaptInput>, ridingDays: Weekday[] = ALL_DAYS): AdaptInput => ({
  today: '2026-12-09',
  form: { ctl: 50, atl: 60, tsb: -10 },
  weeks: [week(1, '2026-11-30'), week(2, '2026-12-07')],
  sessions: [],
  unplannedRides: [],
  request: {
    today: '2026-11-30',
    eventName: 'Fondo',
    eventDate: '2027-03-07',
    eventType: 'gran-fondo',
    weeklyHours: 10,
    ridingDays,
    longRideDay: 'sun',
  },
  rider: { ftp: 250, lthr: 165, weightKg: 72, startCtl: 50, startAtl: 50 },
  // the weekly check has its own cases below
  handled: new Set(['week:2']),
  ...overrides,
});

describe('adaptPlan: a missed key session', () => {
  const sessions = () => [
    session('vo2max-5x4', '2026-12-08', 'missed'),
    session('endurance-steady', '2026-12-10'),
    session('threshold-3x10', '2026-12-12'),
    session('endurance-long', '2026-12-13'),
  ];

  it('moves to the next free riding day of the week, with the reason', () => {
    const adjustments = adaptPlan(input({ sessions: sessions() }));
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      trigger: 'missed:w02-tue',
      sessionKey: 'w02-tue',
      kind: 'moved',
      change: { type: 'move', date: '2026-12-09' },
    });
    expect(adjustments[0]!.reason).toMatch(
      /^Moved Tuesday's VO2max session to Wednesday: you missed it, and Wednesday is free with no hard day beside it \(the week holds \d+ of its 400 TSS\)\.$/,
    );
  });

  it('is dropped when no free riding day keeps hard days apart', () => {
    const adjustments = adaptPlan(input({ sessions: sessions() }, ['tue', 'thu', 'sat', 'sun']));
    expect(adjustments).toEqual([
      {
        trigger: 'missed:w02-tue',
        sessionKey: 'w02-tue',
        kind: 'dropped',
        reason:
          "Dropped Tuesday's VO2max session you missed: no free riding day is left this week without two hard days in a row.",
        change: { type: 'drop' },
      },
    ]);
  });

  it('is dropped inside the taper', () => {
    const adjustments = adaptPlan(
      input({ sessions: sessions(), request: { ...input({}).request, eventDate: '2026-12-16' } }),
    );
    expect(adjustments[0]!.reason).toBe(
      "Dropped Tuesday's VO2max session you missed: the taper never makes up missed load.",
    );
  });

  it('is dropped when moving it would take the week over its target', () => {
    const adjustments = adaptPlan(
      input({ sessions: sessions(), weeks: [week(1, '2026-11-30'), week(2, '2026-12-07', 250)] }),
    );
    expect(adjustments[0]!.kind).toBe('dropped');
    expect(adjustments[0]!.reason).toMatch(/over its 250 TSS target/);
  });

  it('never produces a handled trigger again, and never moves into the past', () => {
    expect(
      adaptPlan(input({ sessions: sessions(), handled: new Set(['week:2', 'missed:w02-tue']) })),
    ).toEqual([]);
    const late = adaptPlan(input({ sessions: sessions(), today: '2026-12-14' }));
    expect(late[0]!.reason).toBe(
      "Dropped Tuesday's VO2max session you missed: no day is left in its week to make it up.",
    );
  });
});

describe('adaptPlan: harder than planned and tired', () => {
  const race = {
    id: 'ride-9',
    name: 'Club race',
    date: '2026-12-08',
    durationS: 7200,
    load: 180,
    watts: null,
    heartrate: null,
  };
  const sessions = () => [
    session('endurance-steady', '2026-12-09', 'planned'),
    session('threshold-3x10', '2026-12-10'),
    session('endurance-long', '2026-12-13'),
  ];

  it('moves the next intensity session later, quoting the form and the ride', () => {
    const adjustments = adaptPlan(
      input({ sessions: sessions(), unplannedRides: [race], form: { ctl: 50, atl: 78, tsb: -28 } }),
    );
    expect(adjustments).toEqual([
      {
        trigger: 'ride:ride-9',
        sessionKey: 'w02-thu',
        kind: 'moved',
        reason:
          'Moved Thursday\'s threshold session to Friday: your form is -28 after Tuesday\'s "Club race" (180 TSS).',
        change: { type: 'move', date: '2026-12-11' },
      },
    ]);
  });

  it('eases it to endurance when no later day keeps hard days apart', () => {
    const adjustments = adaptPlan(
      input({ sessions: sessions(), unplannedRides: [race], form: { ctl: 50, atl: 78, tsb: -28 } }, [
        'tue',
        'wed',
        'thu',
        'sun',
      ]),
    );
    expect(adjustments).toHaveLength(1);
    const [eased] = adjustments;
    expect(eased).toMatchObject({ trigger: 'ride:ride-9', sessionKey: 'w02-thu', kind: 'eased' });
    expect(eased!.reason).toBe(
      'Eased Thursday\'s threshold session to an endurance ride: your form is -28 after Tuesday\'s "Club race" (180 TSS), and no later day this week keeps hard days apart.',
    );
    expect(eased!.change.type === 'replace' && eased!.change.workout).toMatchObject({
      date: '2026-12-10',
      type: 'endurance',
    });
  });

  it('reacts to a completed session much harder than planned', () => {
    const done = session('sweet-spot-3x12', '2026-12-08', 'completed');
    done.compliance = {
      rideId: 'r1',
      rideName: 'Sweet spot',
      durationS: 6000,
      load: 120,
      durationRatio: 1.2,
      loadRatio: 1.5,
      timeInTargetRatio: null,
      score: 60,
      verdict: 'harder',
      summary: '',
    };
    const adjustments = adaptPlan(
      input({ sessions: [done, ...sessions()], form: { ctl: 50, atl: 75, tsb: -25 } }),
    );
    expect(adjustments[0]).toMatchObject({ trigger: 'harder:w02-tue', kind: 'moved' });
    expect(adjustments[0]!.reason).toMatch(
      /your form is -25 after Tuesday's sweet-spot session at 150% of its planned load \(120 TSS\)/,
    );
  });

  it('leaves the plan alone when form is fine, or the ride was handled', () => {
    expect(
      adaptPlan(
        input({ sessions: sessions(), unplannedRides: [race], form: { ctl: 50, atl: 60, tsb: -10 } }),
      ),
    ).toEqual([]);
    expect(
      adaptPlan(
        input({
          sessions: sessions(),
          unplannedRides: [race],
          form: { ctl: 50, atl: 78, tsb: -28 },
          handled: new Set(['week:2', 'ride:ride-9']),
        }),
      ),
    ).toEqual([]);
  });
});

describe('adaptPlan: the weekly check', () => {
  const completed = (load: number) => {
    const done = session('endurance-steady', '2026-12-02', 'completed');
    done.compliance = {
      rideId: 'r',
      rideName: 'Ride',
      durationS: 5400,
      load,
      durationRatio: 1,
      loadRatio: 1,
      timeInTargetRatio: null,
      score: 100,
      verdict: 'done',
      summary: '',
    };
    return done;
  };

  it('eases this week when last week fell well short', () => {
    const adjustments = adaptPlan(input({ sessions: [completed(150)], handled: new Set() }));
    expect(adjustments).toEqual([
      {
        trigger: 'week:2',
        sessionKey: null,
        kind: 'week-load',
        reason:
          "Last week you rode 150 of its 400 TSS (38%): this week's target eases from 400 to 300 TSS so the load builds again from where you are.",
        change: { type: 'week-target', week: 2, targetLoad: 300 },
      },
    ]);
    expect(adaptPlan(input({ sessions: [completed(150)], handled: new Set(['week:2']) }))).toEqual([]);
  });

  it('eases it to absorb a much bigger week, and keeps a week on target', () => {
    expect(adaptPlan(input({ sessions: [completed(520)], handled: new Set() }))[0]!.change).toEqual({
      type: 'week-target',
      week: 2,
      targetLoad: 360,
    });
    expect(adaptPlan(input({ sessions: [completed(380)], handled: new Set() }))).toEqual([]);
  });
});

describe('weekLoadCheck', () => {
  it('warns over 110% of the target and on hard days back to back', () => {
    const sessions = [
      session('vo2max-5x4', '2026-12-08'),
      session('threshold-3x10', '2026-12-09'),
      session('endurance-long', '2026-12-13'),
    ];
    const small = weekLoadCheck(week(2, '2026-12-07', 150), sessions);
    const planned = sessions.reduce((sum, s) => sum + s.plannedLoad, 0);
    expect(small).toEqual({
      weekStart: '2026-12-07',
      plannedLoad: planned,
      targetLoad: 150,
      warning: `This week now holds ${planned} TSS, ${Math.round((planned / 150) * 100)}% of its 150 TSS target: consider easing or moving a session. Tuesday and Wednesday are both hard days: keep an easy day between them.`,
    });
    expect(weekLoadCheck(week(2, '2026-12-07', 1000), [sessions[0]!, sessions[2]!]).warning).toBeNull();
  });
});
