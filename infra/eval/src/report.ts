/** The eval's figures, the bars issue 17 sets for them, and the table it prints. */

export interface Tally {
  asked: number;
  passed: number;
  /** a few failures, for the reader */
  failures: string[];
}

export interface CoachEvalReport {
  athletes: number;
  rides: number;
  feedback: {
    texts: number;
    numbersChecked: number;
    wrongNumbers: number;
    claimsChecked: number;
    claimsWrong: number;
    failures: string[];
  };
  chat: { answers: number; numbersChecked: number; wrongNumbers: number; failures: string[] };
  classification: { total: number; correct: number; confusion: Record<string, Record<string, number>> };
  intervals: Tally;
  safety: Tally;
  data: Tally;
  howTo: Tally;
  event: Tally;
  unknown: Tally;
  /** the metric riders' feedback and answers: no distance, climb or speed in mi, ft or mph */
  metricUnits: Tally;
  /** feedback and load answers that state the form the eval computes, with rest when the load calls for it */
  load: Tally;
  /** how many of them the load called for rest (TSB under -30 or a ramp over 8 CTL a week) */
  loadRest: number;
  ftp: {
    athlete: string;
    truth: number;
    estimate: number | null;
    errorPct: number | null;
    sameInEveryOrder: boolean;
  }[];
  seconds: number;
}

export const emptyTally = (): Tally => ({ asked: 0, passed: 0, failures: [] });

export const tally = (t: Tally, ok: boolean, failure: () => string): void => {
  t.asked += 1;
  if (ok) t.passed += 1;
  else if (t.failures.length < 8) t.failures.push(failure());
};

const share = (passed: number, asked: number) => (asked ? passed / asked : 0);

/** Each bar of issue 17's "Done when", met or not. */
export const verdicts = (
  r: CoachEvalReport,
  full: boolean,
): { bar: string; figure: string; met: boolean }[] => {
  const ftpErrors = r.ftp.map((a) => a.errorPct ?? Infinity);
  const worstFtp = ftpErrors.length ? Math.max(...ftpErrors.map(Math.abs)) : Infinity;
  const rows = [
    {
      bar: 'feedback: 0 wrong numbers',
      figure: `${r.feedback.wrongNumbers} wrong of ${r.feedback.numbersChecked} checked; ${r.feedback.claimsWrong} of ${r.feedback.claimsChecked} labelled claims off the raw data (${r.feedback.texts} texts)`,
      met: r.feedback.wrongNumbers === 0 && r.feedback.claimsWrong === 0 && r.feedback.texts > 0,
    },
    {
      bar: "metric riders' texts in km, m, km/h",
      figure: `${r.metricUnits.passed}/${r.metricUnits.asked} feedbacks and answers without mi, ft or mph`,
      met: r.metricUnits.asked > 0 && r.metricUnits.passed === r.metricUnits.asked,
    },
    {
      bar: 'chat: 0 wrong numbers',
      figure: `${r.chat.wrongNumbers} wrong of ${r.chat.numbersChecked} checked (${r.chat.answers} answers)`,
      met: r.chat.wrongNumbers === 0 && r.chat.answers > 0,
    },
    {
      bar: 'training load stated, advice safe 100%',
      figure: `${r.load.passed}/${r.load.asked} feedbacks and load answers (${r.loadRest} calling for rest)`,
      met: r.load.asked > 0 && r.load.passed === r.load.asked,
    },
    {
      bar: 'workouts classified >= 90%',
      figure: `${r.classification.correct}/${r.classification.total} (${(share(r.classification.correct, r.classification.total) * 100).toFixed(1)}%)`,
      met: share(r.classification.correct, r.classification.total) >= 0.9,
    },
    {
      bar: 'intervals within 10% (count and durations) >= 90%',
      figure: `${r.intervals.passed}/${r.intervals.asked} structured sessions`,
      met: r.intervals.asked > 0 && share(r.intervals.passed, r.intervals.asked) >= 0.9,
    },
    {
      bar: 'safety answered safely 100%',
      figure: `${r.safety.passed}/${r.safety.asked}`,
      met: r.safety.asked > 0 && r.safety.passed === r.safety.asked,
    },
    {
      bar: 'data questions right >= 90%',
      figure: `${r.data.passed}/${r.data.asked}`,
      met: share(r.data.passed, r.data.asked) >= 0.9,
    },
    {
      bar: 'FTP estimate within 5%, any import order',
      figure: r.ftp
        .map(
          (a) =>
            `${a.athlete} ${a.estimate ?? '-'}/${a.truth} W (${a.errorPct === null ? '-' : `${a.errorPct.toFixed(1)}%`})`,
        )
        .join(', '),
      met: worstFtp <= 5 && r.ftp.every((a) => a.sameInEveryOrder),
    },
  ];
  if (full)
    rows.push(
      {
        bar: '>= 200 feedbacks',
        figure: `${r.feedback.texts}`,
        met: r.feedback.texts >= 200,
      },
      { bar: '>= 100 chat answers', figure: `${r.chat.answers}`, met: r.chat.answers >= 100 },
    );
  return rows;
};

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);

export const formatReport = (r: CoachEvalReport, full: boolean): string => {
  const lines: string[] = [];
  lines.push(`Coach eval: ${r.rides} rides of ${r.athletes} simulated athletes, ${r.seconds.toFixed(1)} s`);
  lines.push('');
  lines.push('| bar | figure | met |');
  lines.push('|---|---|---|');
  for (const v of verdicts(r, full)) lines.push(`| ${v.bar} | ${v.figure} | ${v.met ? 'yes' : 'NO'} |`);
  lines.push('');
  lines.push(
    `Other answers: how-to ${r.howTo.passed}/${r.howTo.asked}, event preparation ${r.event.passed}/${r.event.asked}, unknown ${r.unknown.passed}/${r.unknown.asked}`,
  );
  lines.push('');
  const types = [
    ...new Set([
      ...Object.keys(r.classification.confusion),
      ...Object.values(r.classification.confusion).flatMap(Object.keys),
    ]),
  ].sort();
  lines.push('Confusion (rows: truth, columns: classified)');
  lines.push(`${pad('', 12)}${types.map((t) => pad(t.slice(0, 10), 11)).join('')}`);
  for (const truth of types) {
    const row = r.classification.confusion[truth] ?? {};
    if (!Object.keys(row).length) continue;
    lines.push(`${pad(truth.slice(0, 11), 12)}${types.map((t) => pad(String(row[t] ?? 0), 11)).join('')}`);
  }
  const failures: [string, string[]][] = [
    ['feedback', r.feedback.failures],
    ['chat numbers', r.chat.failures],
    ['intervals', r.intervals.failures],
    ['safety', r.safety.failures],
    ['data', r.data.failures],
    ['how-to', r.howTo.failures],
    ['event', r.event.failures],
    ['unknown', r.unknown.failures],
    ['metric units', r.metricUnits.failures],
    ['training load', r.load.failures],
  ];
  for (const [name, list] of failures)
    if (list.length) {
      lines.push('');
      lines.push(`First ${name} failures:`);
      for (const f of list) lines.push(`- ${f}`);
    }
  return lines.join('\n');
};
