import fc from 'fast-check';
import { checkNumbers } from '../../facts/number-check.js';
import { rideFeedbackNumberFacts } from '../../facts/number-facts.js';
import { buildRideFacts } from '../../facts/ride-facts.js';
import { analyseRide } from '../coach-engine.js';
import { pushingSentences, readForm } from '../form-reading.js';
import type { RideAnalysisInput } from '../ride-analysis-input.js';
import { newForm, newInput, newWorkout, rideInputArb, SCENARIOS } from './ride-input.factory.js';

/**
 * The ride feedback says where the ride sits in the rider's training load (fitness CTL, fatigue ATL,
 * form TSB, ramp rate) only with load data, with every number checked, and never asks for more when
 * the load calls for rest or an easy day.
 */

const NOW = new Date('2025-06-14T12:00:00Z');

const feedbackOf = (input: RideAnalysisInput) => {
  const feedback = analyseRide(input, NOW);
  const text = Object.values(feedback).join('\n');
  const check = checkNumbers(text, rideFeedbackNumberFacts(input, NOW));
  return { feedback, text, wrong: check.wrong.map((w) => w.text) };
};

const withForm = (input: RideAnalysisInput, form: RideAnalysisInput['form']): RideAnalysisInput => ({
  ...input,
  form,
});

const LOAD_WORDS = /\b(TSB|CTL|ATL|ramp rate)\b|form \(/;

describe('ride feedback: where the ride sits in the rider’s load', () => {
  it('says "your form is -22 after three hard days: tomorrow should be easy", every number checked', () => {
    const { feedback, text, wrong } = feedbackOf(withForm(newInput(), newForm()));
    expect(text).toContain('Your form (TSB) is -22 after three hard days: tomorrow should be easy.');
    expect(text).toContain('fitness (CTL) 68 and fatigue (ATL) 90');
    expect(feedback.recommendations).toMatch(/^Make tomorrow easy, 30-60 min/m);
    expect(wrong).toEqual([]);
    // the next days stay easy: nothing in the advice asks for more
    expect(pushingSentences(feedback.recommendations)).toEqual([]);
  });

  it('says "today" when the feedback is written the day after the ride', () => {
    const input = { ...withForm(newInput(), newForm()), asOf: '2025-06-15T08:00:00Z' };
    expect(feedbackOf(input).text).toContain('after three hard days: today should be easy.');
  });

  it('says nothing about form without load data, or before fitness has built up', () => {
    const without = feedbackOf(newInput());
    expect(without.text).not.toMatch(LOAD_WORDS);
    const newRider = feedbackOf(withForm(newInput(), newForm({ ctl: 6, atl: 24, rampRate: 4 })));
    expect(newRider.text).not.toMatch(LOAD_WORDS);
    expect(newRider.text).toBe(without.text);
    expect(buildRideFacts(newInput(), NOW).form).toBeNull();
  });

  it('does not call a single hard day a block', () => {
    const { text, wrong } = feedbackOf(withForm(newInput(), newForm({ lastDays: [115], atl: 80 })));
    expect(text).not.toMatch(/hard days/);
    expect(text).toContain('Your form (TSB) is -12, with fitness (CTL) 68 and fatigue (ATL) 80');
    expect(wrong).toEqual([]);
  });

  it.each([
    ['recovery', newWorkout('recovery')],
    ['endurance', newWorkout('endurance')],
    ['sweet-spot', newWorkout('sweet-spot', [[3, 720, 300, 90]])],
    ['threshold', newWorkout('threshold', [[4, 480, 240, 100]])],
    ['vo2max', newWorkout('vo2max', [[5, 180, 180, 118]])],
  ])('recommends rest, and nothing harder, when TSB is under -30 (after a %s ride)', (_kind, workout) => {
    const input = withForm(newInput({ workout }), newForm({ ctl: 60, atl: 98, tsb: -30 }));
    const { feedback, text, wrong } = feedbackOf(input);
    expect(text).toContain('Your form (TSB) is -38 after three hard days, with fitness (CTL) 60');
    expect(text).toContain('a TSB below -30 means you are overreached');
    expect(feedback.recommendations.split('\n')[0]).toMatch(
      /^Rest: take tomorrow off or keep it to 30-60 min/,
    );
    expect(pushingSentences(feedback.recommendations)).toEqual([]);
    expect(feedback.recommendations).not.toMatch(/quality|sweet spot|VO2|threshold|one more interval/i);
    expect(wrong).toEqual([]);
  });

  it('holds the load when fitness ramps by more than 8 CTL a week, even with a mild form', () => {
    const input = withForm(
      newInput({ workout: newWorkout('endurance') }),
      newForm({ ctl: 52, atl: 57, rampRate: 9.4, lastDays: [70] }),
    );
    const { feedback, text, wrong } = feedbackOf(input);
    expect(text).toContain('ramp rate of +9.4 CTL a week, above the 8 CTL a week the body absorbs safely');
    expect(feedback.recommendations).toMatch(/^Hold the load: make tomorrow a rest day/);
    expect(pushingSentences(feedback.recommendations)).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('keeps the usual next session when the load allows training', () => {
    const input = withForm(
      newInput({ workout: newWorkout('recovery') }),
      newForm({ ctl: 70, atl: 58, lastDays: [30] }),
    );
    const { feedback, text } = feedbackOf(input);
    expect(text).toContain('You are fresh: form (TSB) +12, with fitness (CTL) 70 and fatigue (ATL) 58');
    expect(feedback.recommendations).toMatch(/sweet spot|structured session|quality/);
  });

  it('checks every number and keeps the advice safe over 400 generated rides and loads', () => {
    const formArb = fc
      .record({
        // tenths, as the rides service rounds them
        ctl: fc.integer({ min: 0, max: 1400 }).map((v) => v / 10),
        atl: fc.integer({ min: 0, max: 1900 }).map((v) => v / 10),
        rampRate: fc.integer({ min: -120, max: 140 }).map((v) => v / 10),
        lastDays: fc.array(fc.integer({ min: 0, max: 320 }), { minLength: 1, maxLength: 14 }),
        easyLoad: fc.integer({ min: 0, max: 90 }),
      })
      .map((values) => newForm({ ...values, tsb: Math.round((values.ctl - values.atl + 3) * 10) / 10 }));
    let restrained = 0;
    fc.assert(
      fc.property(rideInputArb, formArb, (input, form) => {
        const dated = withForm(input, { ...form, date: input.ride.startDate.slice(0, 10) });
        const { feedback, wrong } = feedbackOf(dated);
        if (wrong.length) throw new Error(`wrong numbers: ${wrong.join(', ')}`);
        const verdict = readForm(dated.form)?.verdict ?? 'train';
        if (verdict !== 'train') {
          restrained += 1;
          expect(pushingSentences(feedback.recommendations)).toEqual([]);
        }
      }),
      { numRuns: 400, seed: 20251127 },
    );
    expect(restrained).toBeGreaterThan(50);
  });

  it('leaves the realistic rides’ feedback as it was without load data', () => {
    for (const input of Object.values(SCENARIOS))
      expect(analyseRide(input, NOW)).toEqual(analyseRide(withForm(input, null), NOW));
  });
});
