import fc from 'fast-check';
import { checkNumbers } from '../../facts/number-check.js';
import { rideFeedbackNumberFacts } from '../../facts/number-facts.js';
import { analyseRide } from '../coach-engine.js';
import type { RideAnalysisInput } from '../ride-analysis-input.js';
import { rideInputArb, SCENARIOS } from './ride-input.factory.js';

/**
 * Every number the coach writes is checked against the ride's facts (facts/ride-facts.ts) by the
 * number validator, rounded as displayed and next to the right label: none may be wrong.
 */

const NOW = new Date('2025-06-20T12:00:00Z');

const wrongNumbers = (input: RideAnalysisInput) => {
  const feedback = analyseRide(input, NOW);
  const facts = rideFeedbackNumberFacts(input, NOW);
  const text = Object.values(feedback).join('\n');
  const check = checkNumbers(text, facts);
  return {
    checked: check.checked,
    wrong: check.wrong.map((w) => `${w.text} in "…${text.slice(Math.max(0, w.index - 50), w.index + 20)}…"`),
  };
};

describe('every number the coach writes is in the facts, as displayed', () => {
  it('holds for the realistic rides', () => {
    for (const [name, input] of Object.entries(SCENARIOS)) {
      const { checked, wrong } = wrongNumbers(input);
      expect({ name, wrong }).toEqual({ name, wrong: [] });
      expect(checked).toBeGreaterThan(10);
    }
  });

  it('holds over 500 generated rides (with and without power, heart rate, workouts, history, goals)', () => {
    let checked = 0;
    fc.assert(
      fc.property(rideInputArb, (input) => {
        const result = wrongNumbers(input);
        checked += result.checked;
        if (result.wrong.length) throw new Error(`wrong numbers:\n${result.wrong.join('\n')}`);
      }),
      { numRuns: 500, seed: 20250614 },
    );
    expect(checked).toBeGreaterThan(5000);
  });
});
