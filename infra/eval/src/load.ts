/**
 * The eval's own training-load arithmetic (the published model, written apart from the rides
 * service's): a day's load is the sum of its rides' TSS from the raw streams (rides without power
 * count 0 here), CTL and ATL are exponentially weighted with 42- and 7-day time constants from 0 on
 * the day before the first ride, TSB is yesterday's CTL minus yesterday's ATL, and the ramp rate is
 * the CTL change over 7 days. Values are rounded to 0.1, as the rides service serves them.
 */

const DAY = 86_400_000;

/** A day's load (TSS) on a local calendar day. */
export interface DayLoad {
  day: string;
  tss: number;
}

/** The rider's load on a day, in the analysis contexts' shape (TrainingFormFacts). */
export interface EvalForm {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
  rampRate: number;
  recentDays: { date: string; load: number }[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** The form on `day` from the loads of the days up to it (other days are ignored); null without any. */
export const formOn = (loads: readonly DayLoad[], day: string): EvalForm | null => {
  const byDay = new Map<string, number>();
  for (const { day: d, tss } of loads) if (d <= day) byDay.set(d, (byDay.get(d) ?? 0) + tss);
  if (!byDay.size) return null;
  const first = [...byDay.keys()].sort()[0]!;
  const series: { date: string; load: number; ctl: number; atl: number; tsb: number }[] = [];
  let [ctl, atl] = [0, 0];
  for (let date = first; date <= day; date = nextDay(date)) {
    const load = byDay.get(date) ?? 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) * (1 - Math.exp(-1 / 42));
    atl += (load - atl) * (1 - Math.exp(-1 / 7));
    series.push({ date, load, ctl, atl, tsb });
  }
  const last = series.at(-1)!;
  const weekAgo = series.at(-8)?.ctl ?? 0;
  const recent: EvalForm['recentDays'] = [];
  for (let back = 13; back >= 0; back -= 1) {
    const date = new Date(Date.parse(`${day}T00:00:00Z`) - back * DAY).toISOString().slice(0, 10);
    recent.push({ date, load: round1(byDay.get(date) ?? 0) });
  }
  return {
    date: day,
    ctl: round1(last.ctl),
    atl: round1(last.atl),
    tsb: round1(last.tsb),
    rampRate: round1(last.ctl - weekAgo),
    recentDays: recent,
  };
};

/** What the load calls for, by the thresholds: rest under a TSB of -30 or over 8 CTL a week. */
export const needsRest = (form: EvalForm): boolean => form.ctl - form.atl < -30 || form.rampRate > 8;

/** A TSB as the coach writes it: whole, signed. */
export const signedWhole = (value: number): string => {
  const rounded = Math.round(Math.abs(value));
  return rounded === 0 ? '0' : `${value < 0 ? '-' : '+'}${rounded}`;
};
