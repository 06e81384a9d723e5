import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** services/rides/test/fixtures/activity-files (copied fixtures, their licences, generated files). */
export const FIXTURES = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/activity-files',
);
export const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

/**
 * The two GoldenCheetah files are GPL-2.0 test data: kept in their own folder beside their licence,
 * used by tests only and never copied into an image (.dockerignore leaves out test fixtures).
 */
export const gplFixture = (name: string): Buffer => readFileSync(join(FIXTURES, 'gpl-2.0', name));

/** One file's expected summary, as in expected-summaries.json (copied from the shared set). */
export interface ExpectedSummary {
  expected_outcome: string;
  start_time: string;
  elapsed_s: number;
  moving_s: number;
  distance_m: number;
  avg_power: number | null;
  max_power: number | null;
  avg_hr: number | null;
  max_hr: number | null;
  avg_cadence: number | null;
  ascent_computed_m: number | null;
  records: number;
}

export const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, 'expected-summaries.json'), 'utf8')) as Record<
  string,
  ExpectedSummary
>;
