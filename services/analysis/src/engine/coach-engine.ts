import { ANALYSERS, Notebook, type Finding, type Section } from './findings.js';
import { bpm, capitalise, duration, feet, fixed2, miles, mph, percent, watts, whole } from './format.js';
import type { RideAnalysisInput, RideFeedback } from './ride-analysis-input.js';
import { readRide, type RideReading, type WorkoutKind } from './ride-reading.js';
import { Voice } from './voice.js';

/**
 * The built-in coach: deterministic, no network. Reads the ride's facts, notes what a coach would
 * notice (kind of workout, pacing, load, heart rate, history, terrain, goals) and writes them up.
 * Every number it writes comes from the input or is derived from it.
 */
export const analyseRide = (input: RideAnalysisInput): RideFeedback => {
  const reading = readRide(input);
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

const KIND_LABELS: Record<WorkoutKind, string> = {
  recovery: 'recovery spin',
  endurance: 'endurance ride',
  tempo: 'tempo ride',
  'sweet-spot': 'sweet-spot session',
  threshold: 'threshold session',
  vo2: 'VO2max session',
  race: 'race',
  climbing: 'climbing day',
  commute: 'commute',
  general: 'ride',
};

/** What the ride was, in a coach's words: "indoor sweet-spot session", "long endurance ride". */
export const workoutLabel = (reading: RideReading): string => {
  const { workout, ride, length } = reading;
  if (workout.kind === 'general') {
    if (length === 'short') return ride.indoor ? 'short trainer spin' : 'short spin';
    if (ride.indoor) return 'indoor session';
    return length === 'very-long' || length === 'long' ? 'long ride' : 'ride';
  }
  let label =
    workout.kind === 'race' && workout.basis !== 'name' ? 'race-pace ride' : KIND_LABELS[workout.kind];
  if (workout.kind === 'endurance' && length === 'very-long') label = 'big endurance day';
  else if (workout.kind === 'endurance' && length === 'long') label = 'long endurance ride';
  return ride.indoor && workout.kind !== 'commute' ? `indoor ${label}` : label;
};

const article = (phrase: string): string => (/^[aeiou]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`);

/** Why the ride reads as its kind, or null. */
const evidence = (reading: RideReading): string | null => {
  const { workout, power, heart, climbFtPerMi, elevationFt } = reading;
  if (workout.zone && workout.zone.share < 0.05) return null;
  switch (workout.basis) {
    case 'power-zones':
      return workout.zone
        ? `${percent(workout.zone.share * 100)} of your time in power ${workout.zone.name}`
        : null;
    case 'heart-zones':
      return workout.zone
        ? `${percent(workout.zone.share * 100)} of your time in heart-rate ${workout.zone.name}`
        : null;
    case 'intensity':
      return power?.intensityFactor != null
        ? `an intensity factor of ${fixed2(power.intensityFactor)}`
        : null;
    case 'heart-rate':
      return heart
        ? `heart rate averaging ${bpm(heart.average)}${heart.ofThreshold !== null ? ` (${percent(heart.ofThreshold * 100)} of threshold)` : heart.ofMax !== null ? ` (${percent(heart.ofMax * 100)} of max)` : ''}`
        : null;
    case 'terrain':
      return climbFtPerMi !== null && elevationFt > 0
        ? `${feet(reading.ride.elevationGainM)} of climbing at ${whole(climbFtPerMi)} ft per mile`
        : null;
    case 'name':
    case 'flag':
    case 'none':
      return null;
  }
};

const openingSentence = (reading: RideReading, voice: Voice): string => {
  const { ride, elevationFt, timeOfDay } = reading;
  const label = workoutLabel(reading);
  const dur = duration(ride.movingTimeS);
  const hasDistance = ride.distanceM >= 100;
  const dist = hasDistance ? miles(ride.distanceM) : null;
  const climb =
    elevationFt >= 100 && !ride.indoor && reading.workout.basis !== 'terrain'
      ? `, climbing ${feet(ride.elevationGainM)}`
      : '';
  const why = evidence(reading);
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
  const { power, heart, ride } = reading;
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
    return `Heart rate averaged ${bpm(heart.average)}${share}${hasSpeed ? ` at ${mph(ride.averageSpeedMps)}` : ''}.`;
  }
  return hasSpeed ? `You averaged ${mph(ride.averageSpeedMps)}.` : null;
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
  const recent = history.weekly
    ? history.rides.filter((r) => Date.parse(ride.startDate) - Date.parse(r.startDate) < 28 * 86_400_000)
        .length + 1
    : null;
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
