import { calendarDate, duration, fixed2 } from '../engine/format.js';
import type { DataReply, Units } from './coach-data.js';
import { unitsFor } from './coach-data.js';
import { DAY_MS, dateOf, inPeriod, startOfDay } from './coach-periods.js';
import type { RiderSnapshot } from './rider-snapshot.js';

/**
 * Event preparation: "I have a 100 km sportive on 12 June", "century in 8 weeks". The outline is
 * worked back from the event's date and distance and the rider's load of the last 4 weeks (weekly
 * hours and distance, longest ride), every number from the facts it returns.
 */

const EVENT =
  /\b(?:sportive|gran ?fondo|fondo|century|centuries|race|event|audax|brevet|randonn[eé]e|challenge|tour|ride|crit(?:erium)?|time ?trial|tt|triathlon|charity ride|rally)\b/i;
const PREPARING =
  /\b(?:i have|i've got|i got|i'?m doing|i am doing|i'?m riding|i am riding|doing|entered|signed up|registered|training for|prepare|preparing|prep|get ready|ready for|coming up|upcoming|planning|plan for|target(?:ing)?)\b/i;
const PAST = /\b(?:rode|did|finished|completed|raced|was)\b/i;

const METRES: Record<string, number> = { km: 1000, k: 1000, mi: 1609.344 };

/** The event's distance in metres, from "100 km", "100k", "62 miles", "century", "metric century". */
const eventDistanceOf = (message: string): number | null => {
  const text = message.toLowerCase();
  if (/\bmetric century\b/.test(text)) return 100_000;
  if (/\bdouble century\b/.test(text)) return 200 * METRES.mi!;
  if (/\bcentury\b/.test(text)) return 100 * METRES.mi!;
  const written = /\b(\d{2,3}(?:\.\d+)?)\s?(km|kms|kilomet(?:er|re)s?|k|mi|miles?|mile)\b/.exec(text);
  if (!written) return null;
  const unit = written[2]!.startsWith('k') ? 'km' : 'mi';
  return Number(written[1]) * METRES[unit]!;
};

/** An event the rider is preparing for, from the message: its date and distance. */
export const eventOf = (
  message: string,
  asOfMs: number,
): { dateMs: number | null; distanceM: number | null } | null => {
  if (!EVENT.test(message)) return null;
  const dateMs = dateOf(message, asOfMs, 'future');
  const distanceM = eventDistanceOf(message);
  const century = /\bcentur(?:y|ies)\b|\bsportive\b|\bgran ?fondo\b|\baudax\b|\bbrevet\b/i.test(message);
  if (dateMs === null && distanceM === null) return null;
  if (dateMs === null && !PREPARING.test(message) && !century) return null;
  if (PAST.test(message) && !PREPARING.test(message)) return null;
  return { dateMs, distanceM };
};

/** Load grows by about 10% a week; a long ride that does not get there in time is flagged. */
const GROWTH = 1.1;
/** The longest training ride before the event, as a share of its distance (riders finish the rest on the day). */
const PEAK_SHARE = 0.8;
const TAPER_WEEKS = 1;
/** an easier week every fourth week */
const BLOCK_WEEKS = 4;

export const answerEvent = (
  message: string,
  s: RiderSnapshot,
  event: { dateMs: number | null; distanceM: number | null },
): DataReply => {
  const u: Units = unitsFor(message, s);
  const today = startOfDay(s.asOfMs);
  const last4 = inPeriod(s.allRides, { label: '', startMs: s.asOfMs - 28 * DAY_MS, endMs: s.asOfMs + 1 });
  const longest = last4.reduce<(typeof last4)[number] | null>(
    (top, r) => (top === null || r.distanceM > top.distanceM ? r : top),
    null,
  );
  const weeklyHours = Math.round((last4.reduce((t, r) => t + r.movingTimeS, 0) / 3600 / 4) * 100) / 100;
  const weeklyDistance = u.distance(last4.reduce((t, r) => t + r.distanceM, 0) / 4);
  const daysLeft = event.dateMs === null ? null : Math.round((event.dateMs - today) / DAY_MS);
  const weeksLeft = daysLeft === null ? null : Math.floor(daysLeft / 7);
  const eventDistance = event.distanceM === null ? null : u.distance(event.distanceM);
  const peakDistance = event.distanceM === null ? null : u.distance(event.distanceM * PEAK_SHARE);
  const longestDistance = longest ? u.distance(longest.distanceM) : null;
  const weeksToPeak =
    longest && event.distanceM !== null && longest.distanceM < event.distanceM * PEAK_SHARE
      ? Math.ceil(Math.log((event.distanceM * PEAK_SHARE) / longest.distanceM) / Math.log(GROWTH))
      : 0;
  const buildWeeks = weeksLeft === null ? null : Math.max(0, weeksLeft - TAPER_WEEKS);
  const d = (value: number) => `${fixed2(value)} ${u.distanceUnit}`;

  const lines: string[] = [];
  const what = `${eventDistance !== null ? `${d(eventDistance)} ` : ''}event${event.dateMs !== null ? ` on ${calendarDate(new Date(event.dateMs).toISOString())}` : ''}`;
  if (daysLeft !== null && daysLeft < 0) {
    lines.push(`That date has passed. Tell me the date of your next event and I will plan back from it.`);
  } else {
    lines.push(
      `Your ${what}${daysLeft !== null ? ` is ${daysLeft} days away (${weeksLeft} full weeks)` : ''}.`,
      last4.length
        ? `Over the last 4 weeks you rode ${last4.length} times, ${fixed2(weeklyHours)} hours and ${d(weeklyDistance)} a week; your longest ride was "${longest!.name}" (${calendarDate(longest!.startDate)}), ${d(longestDistance!)} in ${duration(longest!.movingTimeS)}.`
        : 'You have no rides in the last 4 weeks, so start gently: a few easy rides a week before anything long.',
    );
    const plan: string[] = [];
    if (weeksLeft !== null && weeksLeft < 2) {
      plan.push(
        'There is no time left to build: keep your usual rides short and easy this week, ride one last moderate ride about 4 days out, and arrive rested.',
      );
    } else {
      if (peakDistance !== null && longestDistance !== null) {
        plan.push(
          weeksToPeak === 0
            ? `Distance: you already ride ${d(longestDistance)}, more than ${d(peakDistance)} (80% of the event), so keep one long ride a week and work on pace and fuelling.`
            : `Distance: grow your long ride by about 10% a week, from ${d(longestDistance)} to about ${d(peakDistance)} (80% of the event); that takes ${weeksToPeak} weeks of steady growth${buildWeeks !== null && weeksToPeak > buildWeeks ? `, more than the ${buildWeeks} weeks you have before the taper, so ride the event conservatively or pick a shorter route` : ''}.`,
        );
      } else if (peakDistance !== null) {
        plan.push(
          `Distance: build a weekly long ride by about 10% a week toward ${d(peakDistance)} (80% of the event).`,
        );
      }
      if (buildWeeks !== null)
        plan.push(
          `Build for ${buildWeeks} weeks: add no more than 10% a week to your weekly hours (now ${fixed2(weeklyHours)} hours), and make every fourth week easier by about a third.`,
        );
      plan.push(
        'Rehearse the day on your long rides: the food, the bottles, the start time and the kit you will use.',
      );
      plan.push(
        weeksLeft !== null
          ? `Taper in the final week: cut your volume by about half, keeping a couple of short, brisk efforts so your legs stay sharp.`
          : 'Tell me the date and I will count the weeks; the final week before any event is a taper at about half your usual volume.',
      );
    }
    lines.push(plan.map((p) => `- ${p}`).join('\n'));
  }
  return {
    text: lines.join('\n\n'),
    facts: {
      event: {
        date: event.dateMs === null ? null : new Date(event.dateMs).toISOString().slice(0, 10),
        days: daysLeft,
        weeks: weeksLeft,
        buildWeeks,
        weeksToPeak,
        [`distance${u.key.distance}`]: eventDistance,
        [`peakLongRide${u.key.distance}`]: peakDistance,
      },
      load: {
        weeks: 4,
        rides: last4.length,
        weeklyHours,
        [`weeklyDistance${u.key.distance}`]: weeklyDistance,
        longestRide: longest && {
          name: longest.name,
          date: longest.startDate.slice(0, 10),
          [`distance${u.key.distance}`]: longestDistance,
          movingSeconds: longest.movingTimeS,
        },
      },
      rules: {
        growthPct: 10,
        peakSharePct: PEAK_SHARE * 100,
        blockWeeks: BLOCK_WEEKS,
        taperWeeks: TAPER_WEEKS,
        days: 4,
      },
    },
  };
};
