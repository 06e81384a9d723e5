import { RideAnalysisContext, RiderCoachContext, type TrainingFormDto } from '@domestique/proto';
import { toTrainingFormFacts } from '../analysis-context.mapper.js';

/** The rider's training load as the coach reads it: the numbers as computed, or null without any load. */
describe('toTrainingFormFacts', () => {
  const days = (loads: number[]) =>
    loads.map((load, i) => ({ date: `2026-03-${String(i + 1).padStart(2, '0')}`, load }));
  const form = (overrides: Partial<TrainingFormDto> = {}): TrainingFormDto => ({
    date: '2026-03-14',
    ctl: 68.4,
    atl: 90.2,
    tsb: -12.1,
    rampRate: 4.3,
    recentDays: days([50, 0, 60, 45, 0, 70, 50, 0, 55, 60, 0, 110, 120, 115]),
    ...overrides,
  });

  it('carries fitness, fatigue, form, ramp rate and the 14 days’ loads as computed', () => {
    expect(toTrainingFormFacts(form())).toEqual({
      date: '2026-03-14',
      ctl: 68.4,
      atl: 90.2,
      tsb: -12.1,
      rampRate: 4.3,
      recentDays: form().recentDays,
    });
  });

  it('reads a series without any load (a new rider) as no load data', () => {
    const empty = form({ ctl: 0, atl: 0, tsb: 0, rampRate: 0, recentDays: days(Array<number>(14).fill(0)) });
    expect(toTrainingFormFacts(empty)).toBeNull();
    expect(toTrainingFormFacts(null)).toBeNull();
    // a first ride today is load data, even before CTL has moved
    expect(
      toTrainingFormFacts({ ...empty, recentDays: days([...Array<number>(13).fill(0), 80]) }),
    ).not.toBeNull();
  });

  it('fits the analysis contexts’ contract, where a missing form is null', () => {
    const facts = toTrainingFormFacts(form());
    expect(RideAnalysisContext.shape.form.parse(facts)).toEqual(facts);
    expect(RiderCoachContext.shape.form.parse(undefined)).toBeNull();
    expect(RideAnalysisContext.shape.form.safeParse({ ...facts, ctl: 'high' }).success).toBe(false);
  });
});
