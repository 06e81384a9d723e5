import { bpm, calendarDate, duration, fixed2, list, rpm, watts, whole } from '../engine/format.js';
import type { RideSummary } from '../engine/ride-analysis-input.js';
import { kcalFromKj } from '../engine/findings.js';
import { target, type Intensity } from '../engine/targets.js';
import { Voice } from '../engine/voice.js';
import { answerDataQuestion } from './coach-data.js';
import { answerEvent, eventOf } from './coach-event.js';
import type { CoachQuestion } from './coach-question.js';
import { redFlagsOf, safetyAnswer } from './coach-safety.js';
import { blockComparison, snapshotFacts } from './coach-facts.js';
import { formQuestionOf, loadAnswer, restrainedByLoad } from './coach-form.js';
import { asksForDataNotInRides, topicsOf, type Topic } from './coach-topics.js';
import { ftPerMile, HILLY_FT_PER_MILE, readRider, type RiderSnapshot } from './rider-snapshot.js';

/** What a chat answer responds to. */
export type CoachIntent = 'safety' | 'event' | 'data' | 'topic' | 'unknown';

export interface CoachReply {
  intent: CoachIntent;
  text: string;
  /** the numbers, dates and names the text states, keys naming their unit (facts/number-facts.ts) */
  facts: Record<string, unknown>;
}

/**
 * The built-in coach's chat. Safety first: a red flag gets the safety answer and nothing else.
 * Then, in order: event preparation, a data question (one ride, a period's totals, the best ride),
 * a how-to topic answered from the rider's numbers, else an honest "I can't tell" with what it can
 * answer. Deterministic and offline.
 */
export const coachReply = (question: CoachQuestion): CoachReply => {
  const safety = safetyAnswer(question.message, question.history);
  if (safety) return { intent: 'safety', text: safety, facts: {} };
  const snapshot = readRider(question);
  const topic = topicFor(question);
  const event = eventOf(question.message, snapshot.asOfMs);
  if (event) return { intent: 'event', ...answerEvent(question.message, snapshot, event) };
  const facts = snapshotFacts(snapshot);
  if (asksForDataNotInRides(question.message)) return { intent: 'unknown', text: unknown(snapshot), facts };
  const previous = question.history[question.history.length - 1]?.message ?? null;
  const data = answerDataQuestion(question.message, snapshot, topic !== 'general', previous);
  if (data) return { intent: 'data', ...data };
  if (topic === 'general') return { intent: 'unknown', text: unknown(snapshot), facts };
  return { intent: 'topic', text: topicAnswer(question, snapshot, topic), facts };
};

/** The built-in coach's answer to a rider's message. */
export const answerQuestion = (question: CoachQuestion): string => coachReply(question).text;

/** A topic the chat answers with how-to advice. */
type HowToTopic = Exclude<Topic, 'general'>;

const topicAnswer = (question: CoachQuestion, snapshot: RiderSnapshot, topic: HowToTopic): string => {
  const voice = new Voice(`${question.message}|${question.history.length}|${snapshot.rides.length}`);
  const said = question.history.map((turn) => turn.response).join('\n');
  const fresh = (text: string) => !said.includes(text.slice(0, 60));

  const answer = restrainedByLoad(snapshot, answerFor(question, snapshot, topic, voice));
  const openings = answer.openings.filter((o): o is string => o !== null && fresh(o)).slice(0, 2);
  const tips = answer.tips.filter((t): t is string => t !== null);
  const newTips = tips.filter(fresh);
  const parts: string[] = [];
  if (answer.lead) parts.push(answer.lead);
  if (openings.length) parts.push(openings.join(' '));
  if (newTips.length) {
    parts.push(
      newTips
        .slice(0, 3)
        .map((t) => `- ${t}`)
        .join('\n'),
    );
  } else if (tips.length && !answer.lead) {
    parts.push(
      `We have covered the main points on ${TOPIC_NAMES[topic]} already. The one that matters most for you: ${decapitalise(tips[0]!)}`,
    );
  }
  const closings = answer.closings.filter(fresh);
  if (closings.length) parts.push(voice.pick(closings));
  return parts.join('\n\n');
};

/**
 * A topic's answer. A load question ("am I overtraining") is answered from the rider's CTL, ATL, TSB
 * and ramp rate; without load data, as before: fitness from the trends, rest from the rest days.
 */
const answerFor = (
  question: CoachQuestion,
  s: RiderSnapshot,
  topic: HowToTopic,
  voice: Voice,
): TopicAnswer => {
  if (topic !== 'form') return TOPIC_ANSWERS[topic](s, voice);
  const asked = formQuestionOf(question.message);
  if (s.form) return loadAnswer(s.form, s, asked);
  return asked === 'fitter' || asked === 'load' ? trends(s, voice) : restDays(s, voice);
};

/** What the chat can answer, for a question it cannot. */
export const CAN_ANSWER = [
  'a ride\'s numbers ("What was my NP and TSS on my last ride?", calories, distance, time)',
  'totals for a period ("How many hours did I ride in the last 4 weeks?", this week, this month, this year)',
  'your best, longest or hardest ride in a period',
  'whether you are getting fitter, with the numbers behind it',
  'whether you are overtraining and when to rest, from your fitness (CTL), fatigue (ATL) and form (TSB)',
  'preparing for an event (tell me its distance and date)',
  'training how-to: climbing, sprinting, warming up, cadence, intervals, fuelling, recovery, rest days, pacing, FTP, weight, indoor riding and endurance',
];

const unknown = (s: RiderSnapshot): string =>
  [
    "I can't tell that from your rides, and I would rather not guess.",
    `I can answer:\n${CAN_ANSWER.map((c) => `- ${c}`).join('\n')}`,
    snapshotLine(s) ?? noRides,
  ].join('\n\n');

const TOPIC_NAMES: Record<Topic, string> = {
  climbing: 'climbing',
  sprinting: 'sprinting',
  'warm-up': 'warming up',
  cadence: 'cadence',
  intervals: 'intervals',
  nutrition: 'fuelling',
  form: 'your training load',
  'rest-days': 'rest days',
  recovery: 'recovery',
  pacing: 'pacing',
  ftp: 'FTP',
  weight: 'weight',
  race: 'race preparation',
  indoor: 'indoor training',
  endurance: 'endurance',
  goals: 'your goals',
  trends: 'your trends',
  greeting: 'your riding',
  thanks: 'your riding',
  general: 'your riding',
};

/** A short or linking message ("And afterwards?", "Why?") continues the conversation's topic. */
const FOLLOW_UP = /^\s*(and|but|so|also|what about|how about|why|how come|really|ok|okay)\b/i;

/** The message's topic; a follow-up without one continues the last topic. */
const topicFor = ({ message, history }: CoachQuestion): Topic => {
  const topics = topicsOf(message);
  if (topics.length) return topics[0]!;
  if (!FOLLOW_UP.test(message) && message.trim().split(/\s+/).length > 4) return 'general';
  for (let i = history.length - 1; i >= 0; i -= 1) {
    // a message with a red flag sets no topic to continue
    if (redFlagsOf(history[i]!.message).length) continue;
    const previous = topicsOf(history[i]!.message);
    if (previous.length && previous[0] !== 'greeting' && previous[0] !== 'thanks') return previous[0]!;
  }
  return 'general';
};

interface TopicAnswer {
  /** said first, every time */
  lead?: string | null;
  /** the first one not yet said opens the answer */
  openings: (string | null)[];
  /** concrete advice, most important first; null where the rider's data does not support it */
  tips: (string | null)[];
  closings: string[];
}

const decapitalise = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

const ride = (r: RideSummary): string => `"${r.name}" (${calendarDate(r.startDate)})`;

const at = (s: RiderSnapshot, intensity: Intensity): string => target(s, intensity);

/** "miles" or "km": how a weekly volume is written in the rider's units. */
const distanceWord = (s: RiderSnapshot): string => (s.units.system === 'metric' ? 'km' : 'miles');

const noRides =
  'I have no rides from you yet, so this is general advice; once your rides sync I can tailor it to your numbers.';

// ---------------------------------------------------------------------------------------------

const climbing = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const h = s.hilliest;
  const u = s.units;
  const hillyRides = s.last28.filter((r) => ftPerMile(r) >= HILLY_FT_PER_MILE).length;
  const hilly = `${whole(u.climbRateValue(HILLY_FT_PER_MILE))}+ ${u.elevationUnit} of climbing per ${u.distanceUnit === 'mi' ? 'mile' : 'km'}`;
  return {
    openings: [
      h
        ? `Your hilliest recent ride was ${ride(h)}: ${u.elevation(h.elevationGainM)} of climbing over ${u.distance(h.distanceM)}, ${u.climbRate(ftPerMile(h))}${h.averageCadence ? `, at an average cadence of ${rpm(h.averageCadence)}` : ''}.`
        : s.rides.length
          ? `Your recent rides have been mostly flat, so the biggest gain is simply more time on hills.`
          : noRides,
      s.wattsPerKg !== null
        ? `Climbing speed comes down to watts per kilo: your FTP of ${watts(s.ftp!)} at ${fixed2(s.weightKg!)} kg is ${fixed2(s.wattsPerKg)} W/kg.`
        : null,
    ],
    tips: [
      `Once a week, do climb repeats: 4 x 6 min seated ${at(s, 'threshold')}, recovering on the way down.`,
      s.wattsPerKg !== null
        ? `At ${fixed2(s.wattsPerKg)} W/kg, every 10 W of FTP is worth about as much uphill as losing ${fixed2((10 / s.ftp!) * s.weightKg!)} kg, and it is usually the easier of the two to gain.`
        : null,
      `For long climbs, build sustained power with 2 x 20 min ${at(s, 'sweet-spot')}.`,
      h && h.averageCadence && h.averageCadence < 75
        ? `Your ${rpm(h.averageCadence)} on ${ride(h)} is a grind: shift down earlier and keep 75-85 rpm on climbs; a larger cassette makes that possible on steep ones.`
        : 'Keep your cadence at 75-85 rpm on climbs by shifting before the slope bites, not halfway up it.',
      `Pace climbs evenly: in the first minutes stay ${at(s, 'threshold')} at most; the riders who go out hard are the ones you pass near the top.`,
      hillyRides === 0
        ? `None of your rides in the last four weeks had ${hilly}; put one hilly route into every week.`
        : hillyRides === 1
          ? `Only one of your rides in the last four weeks had ${hilly}; make a hilly route a weekly fixture.`
          : `${hillyRides} hilly rides in the last four weeks is a good habit; now add structure to one of them.`,
    ],
    closings: [
      'Is there a climb you are targeting? Tell me its length and I can suggest how to pace it.',
      'Want a four-week climbing block built around these sessions?',
    ],
  };
};

const sprinting = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [
    s.rides.length
      ? 'Sprinting is a skill as much as power: the jump, the gear you choose and the line you hold count as much as your peak watts.'
      : noRides,
  ],
  tips: [
    'Once a week, after a thorough warm-up, ride 6-8 sprints of 10-15 s from a rolling start, with at least 5 minutes easy between them so each one is fresh.',
    'Practise the jump both ways: seated accelerations in a big gear from a slow roll build the force, standing ones at high cadence build the speed.',
    'Pick the gear before you go: too big and the jump stalls, too small and you spin out before the line.',
    'Sprint only when rested: sprints at the end of a hard ride train tiredness, not top speed.',
  ],
  closings: ['Do you want a sprint session to fit into your week?'],
});

const warmUp = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [
    s.rides.length
      ? 'The harder the session, the more the warm-up matters: it gets your heart, breathing and legs ready for the first effort.'
      : noRides,
  ],
  tips: [
    "Before intervals or a race: 10 minutes easy, 5 minutes building to a steady endurance pace, then 3 efforts of 30 s at the session's target with 60 s easy after each, and start.",
    'For an endurance ride the first 10 minutes easy are warm-up enough.',
    'In the cold or early in the morning, add 5 minutes; on a hot day keep it shorter and easier.',
    'Finish hard days with 10 minutes easy spinning: it brings your heart rate down before you stop.',
  ],
  closings: ['Shall I fit this to your next interval session?'],
});

const cadence = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const c = s.enduranceCadence ?? s.medianCadence;
  const easyRide = s.rides.find((r) => r.averageCadence !== null && (r.intensityFactor ?? 0) < 0.75);
  return {
    openings: [
      c !== null
        ? `On your easier rides you average ${rpm(c)}${s.cadenceRange ? ` (your rides range from ${rpm(s.cadenceRange[0])} to ${rpm(s.cadenceRange[1])})` : ''}${easyRide?.averageCadence ? `; on ${ride(easyRide)} it was ${rpm(easyRide.averageCadence)}` : ''}.`
        : s.rides.length
          ? 'None of your recent rides recorded cadence; a cadence sensor (or a power meter) would let me check this for you.'
          : noRides,
    ],
    tips: [
      c !== null && c < 80
        ? `For endurance rides, 85-95 rpm suits most riders. At ${rpm(c)} you are pushing bigger gears than you need; raise it by about 5 rpm at a time over a few weeks so your heart and legs adapt together.`
        : c !== null && c > 100
          ? `At ${rpm(c)} you spin fast; that is fine if your heart rate stays low, but 85-95 rpm is usually more economical on long rides.`
          : `For endurance rides, 85-95 rpm suits most riders${c !== null ? `, and your ${rpm(c)} is right there: keep it` : ''}.`,
      'Add a cadence drill to one easy ride a week: 3 x 5 min at 95-105 rpm with a still upper body, then back to your natural cadence.',
      'The best cadence is the one that costs the least: at a steady effort, compare your heart rate at 80 and at 95 rpm, and ride where it is lower.',
      'On climbs 70-85 rpm is normal; on the flat aim higher. Shift to hold cadence rather than letting it sag.',
    ],
    closings: [
      'Do you ride with a cadence sensor on every bike?',
      'Want a drill to smooth your pedal stroke as well?',
    ],
  };
};

const intervals = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const weekly = s.weeklyHours28;
  const perWeek = s.hard28.length / 4;
  const advisable = weekly < 5 ? '1-2' : weekly <= 9 ? '2' : '2-3';
  return {
    openings: [
      s.rides.length
        ? `In the last four weeks you rode ${s.last28.length} times, about ${fixed2(weekly)} hours a week, ${
            s.hard28.length
              ? `and ${s.hard28.length} of those rides were hard (${fixed2(perWeek)} a week), the latest ${ride(s.hard28[0]!)}`
              : 'and none of them was hard: all of it was endurance riding'
          }.`
        : noRides,
    ],
    tips: [
      `At about ${fixed2(weekly)} hours a week, ${advisable} interval sessions a week is right; keep 70-80% of your riding time in zones 1-2 so you can hit them hard.`,
      s.rides.length && s.hard28.length === 0
        ? 'With no hard sessions at the moment, start with one a week and add the second after three weeks.'
        : null,
      perWeek > 3
        ? `You are doing more hard riding than you can absorb; drop to ${advisable} quality sessions and make the rest truly easy (${at(s, 'endurance')}).`
        : null,
      `A threshold session: 4 x 8 min ${at(s, 'threshold')} with 4 min easy between.`,
      `A VO2max session: 5 x 3 min ${at(s, 'vo2')} with 3 min easy between.`,
      'Leave at least 48 hours between interval sessions, and after three weeks of building, ease off for a week.',
    ],
    closings: [
      'Which do you enjoy more, long steady efforts or short hard ones?',
      'Shall I lay out a week with these sessions in it?',
    ],
  };
};

const nutrition = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const longest = s.longest;
  const hours = longest ? longest.movingTimeS / 3600 : null;
  const kg = s.weightKg;
  const kj = longest?.kilojoules ?? null;
  return {
    openings: [
      longest
        ? `Your longest recent ride, ${ride(longest)}, took ${duration(longest.movingTimeS)} for ${s.units.distance(longest.distanceM)}${kj !== null ? ` and took ${whole(kj)} kJ of work, an estimated ${whole(kcalFromKj(kj))} kcal burned` : ''}.`
        : noRides,
    ],
    tips: [
      kg
        ? `2-3 hours before a long ride, eat a carbohydrate-rich meal: at ${fixed2(kg)} kg, 1-2 g per kg is ${whole(kg)}-${whole(kg * 2)} g of carbohydrate (oats, rice, a bagel with honey, bananas), low in fat and fibre.`
        : '2-3 hours before a long ride, eat a carbohydrate-rich meal (oats, rice, a bagel with honey, bananas), low in fat and fibre so it sits well.',
      'If you ride early, a smaller snack of 30-60 g of carbohydrate 30-60 minutes before works too; then top up on the bike.',
      hours !== null && hours >= 1.5
        ? `On the bike, 60-90 g of carbohydrate per hour from the first 30 minutes; for a ride like ${longest!.name ? `"${longest!.name}"` : 'that one'} (${duration(longest!.movingTimeS)}) that is ${whole(hours * 60)}-${whole(hours * 90)} g in total.`
        : 'On the bike, 60-90 g of carbohydrate per hour from the first 30 minutes on any ride over 90 minutes.',
      'Drink 500-750 ml per hour, more in the heat, with electrolytes on rides over two hours.',
      kg
        ? `Afterwards, within an hour: about ${whole(kg)} g of carbohydrate and 20-30 g of protein.`
        : 'Afterwards, within an hour: a meal with carbohydrate and 20-30 g of protein.',
    ],
    closings: [
      'Have you ever run out of energy late in a ride?',
      'How long is the ride you are fuelling for?',
    ],
  };
};

const restDays = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [
    s.rides.length
      ? `You rode on ${s.daysRidden14} of the last 14 days, about ${fixed2(s.weeklyHours28)} hours a week over the last four weeks.`
      : noRides,
  ],
  tips: [
    s.daysRidden14 >= 12
      ? 'That is almost every day: take at least one full day off a week, and make another one very easy.'
      : 'One or two rest days a week suits most riders; put one after your hardest session.',
    `An easy day is genuinely easy: 30-60 min ${at(s, 'recovery')}, or nothing at all.`,
    'Every third or fourth week, cut your volume by a third so the training can sink in.',
    'Signs you need an extra rest day: a resting heart rate 5+ bpm above normal, poor sleep, or heavy legs that do not warm up.',
  ],
  closings: ['Which day of the week is easiest for you to take off?', 'How are you sleeping at the moment?'],
});

const recovery = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const ratio = s.weeklyHours28 > 0 ? s.lastWeekHours / s.weeklyHours28 : null;
  return {
    openings: [
      s.rides.length
        ? `Over the last 7 days you rode ${fixed2(s.lastWeekHours)} hours against ${fixed2(s.weeklyHours28)} a week over the last four weeks${s.latest ? `; your latest ride was ${ride(s.latest)}` : ''}.`
        : noRides,
    ],
    tips: [
      ratio !== null && ratio >= 1.3
        ? `That is a jump of ${whole((ratio - 1) * 100)}% on your usual week, so tiredness is expected: give yourself two easy days before the next hard one.`
        : null,
      'Sleep is the biggest lever: 7-9 hours, and a little more in heavy weeks.',
      `Recovery rides stay ${at(s, 'recovery')} for 30-60 minutes; anything harder is just more training.`,
      s.weightKg
        ? `Eat for recovery: about ${whole(s.weightKg)} g of carbohydrate and 20-30 g of protein within an hour of hard rides.`
        : 'Eat for recovery: carbohydrate and 20-30 g of protein within an hour of hard rides.',
      'Every third or fourth week, ease off by about a third to absorb the work.',
    ],
    closings: [
      'How do your legs feel on the first climb of a ride right now?',
      'Is it your legs or your energy that feels flat?',
    ],
  };
};

const pacing = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const mv = s.mostVariable;
  return {
    openings: [
      mv
        ? `Your most uneven recent ride was ${ride(mv.ride)}: normalized power ${watts(mv.ride.normalizedPower!)} against an average of ${watts(mv.ride.averageWatts!)}, a variability index of ${fixed2(mv.vi)}.`
        : s.rides.length
          ? 'Without power on your rides I judge pacing from speed and heart rate, so these are the principles that matter most.'
          : noRides,
    ],
    tips: [
      `Start easier than feels right: hold the first 20 minutes ${at(s, 'endurance')} and let the effort come to you.`,
      mv && mv.vi > 1.1
        ? `Aim for a variability index under 1.05 on steady rides; on ${ride(mv.ride)} the surges cost you ${watts(mv.ride.normalizedPower! - mv.ride.averageWatts!)} of extra effort for nothing.`
        : 'On steady rides, aim for a variability index under 1.05: ease into rises instead of attacking them.',
      `On climbs, cap the effort ${at(s, 'threshold')} for the first minutes and keep pedalling over the top.`,
      'Try to finish the second half as strong as the first: a negative split means you paced it right.',
    ],
    closings: ['Is there an event you want to pace well?', 'Do you ride more by feel, heart rate or power?'],
  };
};

const ftp = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [
    s.ftp
      ? `Your FTP is ${watts(s.ftp)}${s.ftpSource === 'estimated' ? ', estimated from your best 20-minute power' : ', as you set it'}${s.wattsPerKg !== null ? ` (${fixed2(s.wattsPerKg)} W/kg)` : ''}.`
      : 'There is no FTP on your profile yet, so I cannot set your power zones.',
    s.ftpBeater
      ? `On ${ride(s.ftpBeater)} you held an intensity factor of ${fixed2(s.ftpBeater.intensityFactor!)} for ${duration(s.ftpBeater.movingTimeS)}: your FTP is probably higher than that.`
      : null,
  ],
  tips: [
    'Test it: after a 15-minute warm-up, ride 20 minutes as hard as you can hold evenly; 95% of that average power is your FTP. Retest every 6-8 weeks.',
    s.ftp
      ? `To raise it, two sessions a week: 2 x 20 min ${at(s, 'sweet-spot')} and 3 x 10 min ${at(s, 'threshold')}.`
      : 'To raise it, two sessions a week: 2 x 20 min at a hard but sustainable effort and 3 x 10 min at the pace you could just hold for an hour.',
    s.ftp
      ? `Your zones follow from it: endurance ${at(s, 'endurance')}, sweet spot ${at(s, 'sweet-spot')}.`
      : null,
    'Keep the long easy ride: FTP rises fastest on a solid aerobic base, not on intervals alone.',
  ],
  closings: [
    'When did you last do a proper test?',
    'Do you train indoors, where a test is easiest to do well?',
  ],
});

const weight = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [
    s.wattsPerKg !== null
      ? `At ${fixed2(s.weightKg!)} kg with an FTP of ${watts(s.ftp!)}, you are at ${fixed2(s.wattsPerKg)} W/kg.`
      : s.weightKg
        ? `Your profile says ${fixed2(s.weightKg)} kg.`
        : 'I do not have your weight, so I will keep this general.',
  ],
  tips: [
    s.weightKg
      ? `If you want to lose weight, do it slowly: at most half a percent of your weight a week (about ${fixed2(s.weightKg * 0.005)} kg for you), so your power holds.`
      : 'If you want to lose weight, do it slowly, about half a percent of your weight a week, so your power holds.',
    'Never diet on the bike: fuel long and hard rides fully (60-90 g of carbohydrate per hour) and make the deficit elsewhere.',
    'Keep protein high, about 1.6-2 g per kg a day, to hold on to muscle.',
    s.wattsPerKg !== null
      ? `Power counts as much as weight: raising your FTP by 5% would take you to ${fixed2((s.ftp! * 1.05) / s.weightKg!)} W/kg without losing a gram.`
      : null,
  ],
  closings: [
    'Is this about climbing faster or general health?',
    'What does a normal day of eating look like for you?',
  ],
});

const race = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const dated = s.goals
    .filter((g) => g.targetDate && Date.parse(g.targetDate) >= s.asOfMs)
    .sort((a, b) => Date.parse(a.targetDate!) - Date.parse(b.targetDate!))[0];
  const daysLeft = dated ? Math.ceil((Date.parse(dated.targetDate!) - s.asOfMs) / 86_400_000) : null;
  return {
    openings: [
      dated
        ? `Your next dated goal is "${dated.title}" on ${calendarDate(dated.targetDate!)}, ${daysLeft} days away.`
        : s.rides.length
          ? `You are riding about ${fixed2(s.weeklyHours28)} hours a week; tell me the date and length of your event and I will work back from it.`
          : noRides,
    ],
    tips: [
      'In the last 2-3 weeks before the event, train its demands: efforts as long and as hard as the decisive parts of the course.',
      'Taper in the final week: cut volume by 40-50% but keep a few short, sharp efforts so your legs stay awake.',
      s.longest
        ? `Rehearse fuelling on your long rides: your longest recent ride was ${duration(s.longest.movingTimeS)}, so practise 60-90 g of carbohydrate per hour on one like it.`
        : 'Rehearse your race-day fuelling on long rides: 60-90 g of carbohydrate per hour.',
      `Pace the start: keep the first 10 minutes ${at(s, 'threshold')} at most, whatever everyone else does.`,
    ],
    closings: [
      'What kind of event is it: a race, a sportive or a long challenge ride?',
      'How long is the event, and how hilly?',
    ],
  };
};

const indoor = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const last = s.indoorRides[0];
  return {
    openings: [
      last
        ? `You have ${s.indoorRides.length} indoor rides among your recent ${s.rides.length}; the latest was ${ride(last)}, ${duration(last.movingTimeS)}${last.averageWatts ? ` at ${watts(last.averageWatts)}` : ''}.`
        : s.rides.length
          ? 'All your recent rides were outdoors, so indoor sessions would be a new tool for you.'
          : noRides,
    ],
    tips: [
      'Indoors there is no coasting, so an hour on the trainer is worth more than an hour outside: 60-90 minutes is plenty.',
      `Use the trainer for structure: 3 x 12 min ${at(s, 'sweet-spot')}, or 5 x 3 min ${at(s, 'vo2')}.`,
      'Heat is the enemy: a strong fan and a bottle per hour keep your heart rate honest.',
      `Keep one ride a week long and easy (${at(s, 'endurance')}), outdoors if you can.`,
    ],
    closings: ['Do you have a smart trainer with ERG mode?', 'How many days a week can you ride indoors?'],
  };
};

const endurance = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [
    s.rides.length
      ? `You are riding about ${fixed2(s.weeklyHours28)} hours and ${fixed2(s.weeklyDistance28)} ${distanceWord(s)} a week${s.longest ? `; your longest recent ride was ${ride(s.longest)}, ${duration(s.longest.movingTimeS)} over ${s.units.distance(s.longest.distanceM)}` : ''}.`
      : noRides,
  ],
  tips: [
    `Spend 70-80% of your riding time in zones 1-2, ${at(s, 'endurance')}; it is what builds the engine everything else runs on.`,
    s.longest
      ? `Grow your long ride gradually: ${duration(s.longest.movingTimeS * 1.1)}-${duration(s.longest.movingTimeS * 1.15)} next time, then keep adding 10-15% a week.`
      : 'Grow your long ride gradually, 10-15% a week.',
    'Increase your weekly distance by 10-15% at most, and ease off every third or fourth week.',
    `Add one quality session a week, for example 3 x 12 min ${at(s, 'sweet-spot')}, to lift your cruising speed.`,
  ],
  closings: [
    'How many hours a week can you realistically ride?',
    'Is there a distance you want to be able to ride?',
  ],
});

const goals = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const lines = s.goals.slice(0, 3).map((g) => {
    const share = g.targetValue > 0 ? whole((g.currentValue / g.targetValue) * 100) : '0';
    return `"${g.title}": ${fixed2(g.currentValue)} of ${fixed2(g.targetValue)} (${share}%)${g.targetDate ? `, due ${calendarDate(g.targetDate)}` : ''}.`;
  });
  return {
    openings: [
      lines.length ? `Your open goals: ${lines.join(' ')}` : 'You have no open goals at the moment.',
    ],
    tips: [
      lines.length
        ? 'Check each goal against your weekly volume: what is left, divided by the weeks left, should be no more than your recent week plus 10-15%.'
        : 'Set one goal with a date on the Goals page: a distance, a climb or a speed you care about. It makes every ride count.',
      s.rides.length
        ? `Your recent weeks: about ${fixed2(s.weeklyDistance28)} ${distanceWord(s)} and ${fixed2(s.weeklyHours28)} hours.`
        : null,
      'Make the goal specific and a little uncomfortable, then break it into weekly targets.',
    ],
    closings: ['Which goal matters most to you?', 'Want help splitting a goal into weekly targets?'],
  };
};

const snapshotLine = (s: RiderSnapshot): string | null => {
  if (!s.rides.length) return null;
  const speeds = s.last28.filter((r) => !r.indoor && r.averageSpeedMps > 0);
  const averageSpeed = speeds.length
    ? speeds.reduce((t, r) => t + r.averageSpeedMps, 0) / speeds.length
    : null;
  const changes = trendChanges(s);
  return [
    `In the last four weeks: ${s.last28.length} rides, about ${fixed2(s.weeklyDistance28)} ${distanceWord(s)} and ${fixed2(s.weeklyHours28)} hours a week${averageSpeed !== null ? `, averaging ${s.units.speed(averageSpeed)} outdoors` : ''}.`,
    s.latest
      ? `Latest: ${ride(s.latest)}, ${s.units.distance(s.latest.distanceM)} in ${duration(s.latest.movingTimeS)}${s.latest.averageHeartrate ? ` at ${bpm(s.latest.averageHeartrate)}` : ''}.`
      : '',
    changes.length ? `Your 12-week trends: ${list(changes)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
};

const change = (name: string, value: number | null): string | null =>
  value === null ? null : `${name} ${value >= 0 ? 'up' : 'down'} ${whole(Math.abs(value))}%`;

/** The improvements of the dashboard that are known, in words ("power up 6%"). */
const trendChanges = (s: RiderSnapshot): string[] => {
  const i = s.trends?.improvements;
  if (!i) return [];
  return [
    change('power', i.powerImprovement),
    change('heart-rate efficiency', i.heartRateEfficiency),
    change('cadence consistency', i.cadenceConsistency),
  ].filter((c): c is string => c !== null);
};

/** The last 4 weeks against the 4 before, in time and TSS a week; null without rides in both. */
const blockLine = (s: RiderSnapshot): string | null => {
  const { last, previous } = blockComparison(s);
  if (!last.rides || !previous.rides) return null;
  const tss =
    last.withTss && previous.withTss ? ` and ${last.weeklyTss} TSS a week against ${previous.weeklyTss}` : '';
  return `Your last 4 weeks against the 4 before them: ${duration(last.weeklySeconds)} of riding a week against ${duration(previous.weeklySeconds)}${tss} (${last.rides} rides against ${previous.rides}).`;
};

const trends = (s: RiderSnapshot, _v: Voice): TopicAnswer => {
  const weeks = s.trends?.weeks ?? [];
  const changes = trendChanges(s);
  const best = weeks.reduce<(typeof weeks)[number] | null>(
    (top, w) => (w.power !== null && (top?.power == null || w.power > top.power) ? w : top),
    null,
  );
  const {
    powerImprovement: power,
    heartRateEfficiency: efficiency,
    cadenceConsistency: cadence,
  } = s.trends?.improvements ?? {
    powerImprovement: null,
    heartRateEfficiency: null,
    cadenceConsistency: null,
  };
  return {
    openings: [
      changes.length
        ? `Comparing your last 4 weeks with the first 4 of the last 12: ${list(changes)}.`
        : weeks.length
          ? 'Your last 12 weeks do not yet have enough rides at both ends to measure a trend.'
          : 'I cannot see a trend yet: none of your rides in the last 12 weeks has power, heart rate or cadence.',
      best?.power != null
        ? `Your strongest week for average power was the week of ${calendarDate(best.date)}, at ${watts(best.power)}.`
        : null,
      blockLine(s),
    ],
    tips: [
      power === null
        ? null
        : power < 0
          ? `Power is down ${whole(-power)}%: check sleep and load first, then put one threshold session a week back in, ${at(s, 'threshold')}.`
          : `Power is up ${whole(power)}%: keep the routine that got you here and retest your FTP soon so your zones keep up.`,
      efficiency === null
        ? null
        : efficiency >= 0
          ? `More watts per heartbeat (up ${whole(efficiency)}%) is your aerobic base growing: keep the long easy rides, ${at(s, 'endurance')}.`
          : `Fewer watts per heartbeat (down ${whole(-efficiency)}%) often means fatigue, heat or illness: an easier week usually brings it back.`,
      cadence !== null && cadence < 0
        ? `Your cadence varies more than it did (consistency down ${whole(-cadence)}%): pick gears that let you hold a steady rhythm on long efforts.`
        : null,
      s.rides.length
        ? `Your recent weeks: about ${fixed2(s.weeklyDistance28)} ${distanceWord(s)} and ${fixed2(s.weeklyHours28)} hours.`
        : null,
    ],
    closings: ['Which of these would you like to work on first?', 'Want a plan for the next four weeks?'],
  };
};

const greeting = (s: RiderSnapshot, _v: Voice): TopicAnswer => ({
  openings: [`Hi! I have looked at your riding. ${snapshotLine(s) ?? noRides}`],
  tips: [],
  closings: ['What would you like to work on?', 'How can I help your training today?'],
});

const thanks = (_s: RiderSnapshot, v: Voice): TopicAnswer => ({
  openings: [v.pick(['Glad it helps!', 'Any time.', 'You are welcome.'])],
  tips: [],
  closings: ['Ride well, and tell me how the next session goes.'],
});

const TOPIC_ANSWERS: Record<HowToTopic, (s: RiderSnapshot, v: Voice) => TopicAnswer> = {
  climbing,
  sprinting,
  'warm-up': warmUp,
  cadence,
  intervals,
  nutrition,
  // answered by answerFor from the load (or the trends and rest days without it)
  form: trends,
  'rest-days': restDays,
  recovery,
  pacing,
  ftp,
  weight,
  race,
  indoor,
  endurance,
  goals,
  trends,
  greeting,
  thanks,
};
