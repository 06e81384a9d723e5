import { ANALYSERS, Notebook, type Finding, type Section } from './findings.js';
import { WORKOUT_TYPE_LABELS, type WorkoutDto } from '@domestique/proto';
import { bpm, capitalise, duration, fixed2, list, percent, watts, whole } from './format.js';
import type { RideAnalysisInput, RideFeedback } from './ride-analysis-input.js';
import { readRide, type RideReading } from './ride-reading.js';
import { Voice } from './voice.js';

/**
 * The built-in coach: deterministic, no network. Reads the ride's facts, notes what a coach would
 * notice (kind of workout, pacing, load, heart rate, history, terrain, goals) and writes them up.
 * Every number it writes comes from the input or is derived from it.
 */
export const analyseRide = (input: RideAnalysisInput, now?: Date): RideFeedback => {
  const reading = readRide(input, now);
  const voice = new Voice(`${input.ride.id}|${input.ride.startDate}|${input.ride.distanceM}`);
  const nb = new Notebook(reading, voice);
  for (const analyse of ANALYSERS) analyse(nb);

  const opening = openingSentence(reading, voice);
  const numbers = numbersSentence(reading);
  const byWeight = (a: { weight: number }, b: { weight: number }) => b.weight - a.weight;
  const ranked = [...nb.findings].sort(byWeight);
  const strengths = ranked.filter((f) => f.tone === 'strength');
  const weaknesses = ranked.filter((f) => f.tone === 'weakness');
  const advice = dedupe([...nb.advice].sort(byWeight).map((a) => a.text)).slice(0, 4);

  return {
    summary: summaryOf(reading, voice, opening, numbers, ranked),
    strengths: strengths.length
      ? strengths
          .slice(0, 3)
          .map((f) => f.text)
          .join(' ')
      : fallbackStrength(reading, voice),
    weaknesses: weaknesses.length
      ? weaknesses
          .slice(0, 3)
          .map((f) => f.text)
          .join(' ')
      : fallbackWeakness(reading, voice),
    recommendations: advice.join('\n'),
    fullAnalysis: fullAnalysisOf(reading, opening, numbers, nb.findings, advice),
  };
};

/** What the ride was, in a coach's words: "indoor sweet-spot session", "long endurance ride". */
export const workoutLabel = (reading: RideReading): string => {
  const { workout, ride, length } = reading;
  const where = (label: string) => (ride.indoor ? `indoor ${label}` : label);
  if (workout.kind === 'general') {
    // no workout read from the streams: say less rather than guess
    if (length === 'short') return ride.indoor ? 'short trainer spin' : 'short spin';
    if (ride.indoor) return 'indoor session';
    return length === 'very-long' || length === 'long' ? 'long ride' : 'ride';
  }
  if (workout.kind === 'commute') return 'commute';
  let label = WORKOUT_TYPE_LABELS[workout.kind];
  if (workout.kind === 'endurance' && length === 'very-long') label = 'big endurance day';
  else if (workout.kind === 'endurance' && length === 'long') label = 'long endurance ride';
  if (workout.eBike) label = `e-bike ${label}`;
  return where(label);
};

const article = (phrase: string): string => (/^[aeiou]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`);

/** "30 s", "8 min": how interval lengths are written. */
export const boutLength = (seconds: number): string =>
  seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;

/** One set in words: "12 x 30 s at 145% of FTP with 30 s easy", "20 min at 92% of FTP". */
const setInWords = (
  set: WorkoutDto['sets'][number],
  heartRate: number | null,
  basis: WorkoutDto['basis'],
): string => {
  const at =
    set.percentOfFtp !== null
      ? ` at ${percent(set.percentOfFtp)} of FTP`
      : set.averagePower !== null
        ? ` at ${watts(set.averagePower)}`
        : basis === 'heart-rate' && heartRate !== null
          ? ` at ${bpm(heartRate)}`
          : '';
  const easy = set.repeats > 1 && set.recoverySeconds ? ` with ${boutLength(set.recoverySeconds)} easy` : '';
  const reps = set.repeats > 1 ? `${set.repeats} x ` : '';
  return `${reps}${boutLength(set.workSeconds)}${at}${easy}`;
};

/** The session's structure from the detected sets (at most three), or null for a steady ride. */
export const structureOf = (reading: RideReading): string | null => {
  const detail = reading.workout.detail;
  if (!detail || detail.sets.length === 0) return null;
  const sets = detail.sets.slice(0, 3).map((set) => {
    const first = detail.intervals[set.firstInterval];
    return setInWords(set, first?.averageHeartrate ?? null, detail.basis);
  });
  return list(sets);
};

const openingSentence = (reading: RideReading, voice: Voice): string => {
  const { ride, elevationFt, timeOfDay, units: u } = reading;
  const label = workoutLabel(reading);
  const dur = duration(ride.movingTimeS);
  const hasDistance = ride.distanceM >= 100;
  const dist = hasDistance ? u.distance(ride.distanceM) : null;
  const climb = elevationFt >= 100 && !ride.indoor ? `, climbing ${u.elevation(ride.elevationGainM)}` : '';
  const why = structureOf(reading);
  const when = timeOfDay && voice.chance(0.5) ? `${timeOfDay} ` : '';
  const variants: string[] = [];
  if (dist) {
    variants.push(
      `${capitalise(article(`${when}${label}`))} of ${dur} over ${dist}${climb}${why ? `, with ${why}` : ''}.`,
      `You rode ${dist} in ${dur}${climb}${why ? `; with ${why}, this was ${article(label)}` : `: ${article(label)}`}.`,
      `This ${label} covered ${dist} in ${dur}${climb}${why ? `, with ${why}` : ''}.`,
    );
    if (why)
      variants.push(`${capitalise(why)} over ${dur} and ${dist}${climb}: I read this as ${article(label)}.`);
  } else {
    variants.push(
      `${capitalise(article(`${when}${label}`))} of ${dur}${why ? `, with ${why}` : ''}.`,
      `${dur} of riding${why ? ` with ${why}` : ''}: ${article(label)}.`,
    );
  }
  return voice.pick(variants);
};

/** The headline numbers: power, else heart rate, else speed. */
const numbersSentence = (reading: RideReading): string | null => {
  const { power, heart, ride, units: u } = reading;
  const hasSpeed = !ride.indoor && ride.distanceM >= 100 && ride.averageSpeedMps > 0;
  if (power) {
    const parts: string[] = [];
    if (power.intensityFactor !== null) parts.push(`IF ${fixed2(power.intensityFactor)}`);
    if (power.tss !== null) parts.push(`TSS ${whole(power.tss)}`);
    const extra = parts.length ? ` (${parts.join(', ')})` : '';
    return power.normalized !== null
      ? `Normalized power was ${watts(power.normalized)} against an average of ${watts(power.average)}${extra}.`
      : `Average power was ${watts(power.average)}${extra}.`;
  }
  if (heart) {
    const share =
      heart.ofThreshold !== null
        ? ` (${percent(heart.ofThreshold * 100)} of threshold)`
        : heart.ofMax !== null
          ? ` (${percent(heart.ofMax * 100)} of your max)`
          : '';
    return `Heart rate averaged ${bpm(heart.average)}${share}${hasSpeed ? ` at ${u.speed(ride.averageSpeedMps)}` : ''}.`;
  }
  return hasSpeed ? `You averaged ${u.speed(ride.averageSpeedMps)}.` : null;
};

const summaryOf = (
  reading: RideReading,
  voice: Voice,
  opening: string,
  numbers: string | null,
  ranked: Finding[],
): string => {
  const sentences = [opening];
  if (numbers) sentences.push(numbers);
  const top = ranked.find((f) => f.tone !== 'note' || f.weight >= 0.6);
  if (top) {
    sentences.push(top.text);
    const other = ranked.find(
      (f) => f !== top && f.weight >= 0.5 && f.tone !== 'note' && f.tone !== top.tone,
    );
    if (other) {
      const lead = voice.pick(
        top.tone === 'weakness'
          ? ['On the plus side:', 'The good news:']
          : ['One thing to work on:', 'The catch:'],
      );
      sentences.push(`${lead} ${decapitalise(other.text)}`);
    }
  } else if (reading.history.count === 0) {
    sentences.push('It is your first ride on record, so it becomes the baseline for the next ones.');
  }
  return sentences.join(' ');
};

const fallbackStrength = (reading: RideReading, voice: Voice): string => {
  const { ride, history } = reading;
  // counted only when every ride of the four weeks is known
  const recent = history.rides28d !== null ? history.rides28d + 1 : null;
  return recent !== null && recent >= 4
    ? `Consistency: this is ride number ${recent} in the last four weeks, and regular riding is what builds fitness.`
    : voice.pick([
        `You got out and rode ${duration(ride.movingTimeS)}; consistent riding builds more fitness than any single session.`,
        `${duration(ride.movingTimeS)} of riding in the bank: regular time on the bike is the foundation everything else builds on.`,
      ]);
};

const fallbackWeakness = (reading: RideReading, voice: Voice): string => {
  if (reading.length === 'short')
    return 'Nothing to fault, and at this length nothing conclusive to read either.';
  if (!reading.power && !reading.heart)
    return 'No clear weakness shows in speed and distance alone; effort data would tell more.';
  return voice.pick([
    'Nothing held this ride back. The next gains come from repeating rides like it week after week.',
    'No real weak spot in this one: well executed for what it was.',
    'Hard to fault: the numbers fit the purpose of the ride.',
  ]);
};

const SECTIONS: { section: Section; title: string; empty: (r: RideReading) => string | null }[] = [
  {
    section: 'power',
    title: 'Power',
    empty: (r) =>
      r.heart
        ? 'No power-meter data on this ride, so intensity is judged from heart rate.'
        : 'No power-meter data on this ride.',
  },
  { section: 'heart', title: 'Heart rate', empty: () => 'No heart-rate data on this ride.' },
  {
    section: 'pacing',
    title: 'Pacing',
    empty: () =>
      'No variability or decoupling figures for this ride, so pacing can only be read from the totals.',
  },
  {
    section: 'load',
    title: 'Load',
    empty: (r) =>
      `No training stress score for this ride (it needs power and an FTP); its load was ${duration(r.ride.movingTimeS)} of riding.`,
  },
  {
    section: 'history',
    title: 'Compared with your recent rides',
    empty: () => 'In line with your recent rides.',
  },
  { section: 'terrain', title: 'Terrain and cadence', empty: () => null },
  { section: 'goals', title: 'Goals', empty: () => null },
];

const fullAnalysisOf = (
  reading: RideReading,
  opening: string,
  numbers: string | null,
  findings: Finding[],
  advice: string[],
): string => {
  const blocks = [`Overview\n${numbers ? `${opening} ${numbers}` : opening}`];
  for (const { section, title, empty } of SECTIONS) {
    const texts = findings.filter((f) => f.section === section).map((f) => f.text);
    const body = texts.length ? texts.join(' ') : empty(reading);
    if (body) blocks.push(`${title}\n${body}`);
  }
  blocks.push(`Recommendations\n${advice.map((a) => `- ${a}`).join('\n')}`);
  return blocks.join('\n\n');
};

/** Lower-cases a leading capital that starts an ordinary word ("Your" but not "VI" or "FTP"). */
const decapitalise = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

const dedupe = (texts: string[]): string[] => [...new Set(texts)];
