#!/usr/bin/env node
// npm run eval:coach [-- --fast] [-- --athletes=N --rides=N --seed=N]: runs the coach on simulated
// rides with known structure and a question set, prints the table, and exits 1 when a bar is missed.
import { FAST_EVAL, FULL_EVAL, runCoachEval, type CoachEvalOptions } from './coach-eval.js';
import { formatReport, verdicts } from './report.js';

const arg = (name: string): number | undefined => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3)) : undefined;
  if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
    process.stderr.write(`--${name} must be a positive whole number\n`);
    process.exit(2);
  }
  return value;
};

const fast = process.argv.includes('--fast');
const base = fast ? FAST_EVAL : FULL_EVAL;
const options: CoachEvalOptions = {
  ...base,
  athletes: arg('athletes') ?? base.athletes,
  ridesPerAthlete: arg('rides') ?? base.ridesPerAthlete,
  seed: arg('seed') ?? base.seed,
};
const report = runCoachEval(options);
process.stdout.write(`${formatReport(report, !fast)}\n`);
process.exit(verdicts(report, !fast).every((v) => v.met) ? 0 : 1);
