import { describe, expect, it } from '@jest/globals';
import { FAST_EVAL, runCoachEval } from '../coach-eval.js';
import { formatReport, verdicts } from '../report.js';

// The fast subset of `npm run eval:coach`: two simulated athletes, their newest rides and the whole
// question set, judged on the same bars as the full run (less the counts).
describe('the coach eval (fast subset)', () => {
  const report = runCoachEval(FAST_EVAL);

  it.each(verdicts(report, false).map((v) => [v.bar, v] as const))('%s', (_bar, verdict) => {
    // a missed bar shows the whole table (figures, confusion, first failures) in the diff
    expect({ met: verdict.met, table: verdict.met ? '' : formatReport(report, false) }).toEqual({
      met: true,
      table: '',
    });
  });

  it('judged rides and answers', () => {
    expect(report.feedback.texts).toBe(FAST_EVAL.athletes * FAST_EVAL.ridesPerAthlete);
    expect(report.chat.answers).toBeGreaterThan(60);
    expect(report.feedback.numbersChecked).toBeGreaterThan(report.feedback.texts * 5);
  });
});
