import {
  bpm,
  calendarDate,
  capitalise,
  duration,
  fixed2,
  goalValue,
  metresPerSecondToMph,
  percent,
  rpm,
  watts,
  whole,
} from './format.js';
import { WORKOUT_TYPE_LABELS } from '@domestique/proto';
import {
  countInWords,
  GREY_ZONE_TSB,
  HIGH_RISK_TSB,
  RAMP_LIMIT_CTL_PER_WEEK,
  signed,
  type FormReading,
} from './form-reading.js';
import { METRICS_MIN_S, STEADY_MIN_S, type RideReading, type WeeklyReading } from './ride-reading.js';
import { target } from './targets.js';
import type { Voice } from './voice.js';

/** Where a remark belongs in the technical write-up. */
export type Section = 'power' | 'heart' | 'pacing' | 'load' | 'history' | 'terrain' | 'goals';
export type Tone = 'strength' | 'weakness' | 'note';

export interface Finding {
  section: Section;
  tone: Tone;
  /** how much it matters, 0..1: the summary leads with the heaviest */
  weight: number;
  text: string;
}

export interface Advice {
  weight: number;
  text: string;
}

/**
 * What the analysers write into: remarks on the ride and next steps. Advice that asks for more
 * (intensity, a test, more volume) is left out when the rider's load calls for rest or an easy day
 * (FormReading.verdict): the coach never pushes harder into deep fatigue or a steep ramp.
 */

export class Notebook {
  readonly findings: Finding[] = [];
  readonly advice: Advice[] = [];

  constructor(
    readonly reading: RideReading,
    readonly voice: Voice,
  ) {}

  add(section: Section, tone: Tone, weight: number, text: string): void {
    this.findings.push({ section, tone, weight, text });
  }

  /** A next step; `push` marks one that asks for more (intensity, a test, more volume). */
  advise(weight: number, text: string, push = false): void {
    if (push && !this.loadAllowsMore()) return;
    this.advice.push({ weight, text });
  }

  /** False when the rider's load calls for rest or an easy day; true without load data. */
  loadAllowsMore(): boolean {
    return (this.reading.form?.verdict ?? 'train') === 'train';
  }

  /** One of the variants, chosen by the ride's seed. */
  say(...variants: string[]): string {
    return this.voice.pick(variants);
  }
}

/** kcal burned for `kj` of work at 24% gross efficiency (1 kcal = 4.184 kJ): an estimate. */
export const kcalFromKj = (kj: number): number => kj / (0.24 * 4.184);

/** Whole-percent difference of a against b. */
export const diffPercent = (a: number, b: number): number => Math.round((a / b - 1) * 100);

const moreOrLess = (diff: number, more: string, less: string): string =>
  `${percent(Math.abs(diff))} ${diff >= 0 ? more : less}`;

const quoted = (name: string): string => `"${name}"`;

const isSteadyKind = (kind: string): boolean =>
  kind === 'endurance' || kind === 'tempo' || kind === 'sweet-spot' || kind === 'recovery';

/** Hard sessions: the ones that need 24-48 hours easy after them. */
const isHardKind = (kind: string): boolean =>
  kind === 'threshold' || kind === 'vo2max' || kind === 'anaerobic' || kind === 'race';

/** Where the FTP setting lives. */
export const FTP_SETTING = 'Profile & Settings';

// ---------------------------------------------------------------------------------------------
// Power

const analysePower = (nb: Notebook): void => {
  const { power, ftp, best, input, workout } = nb.reading;
  if (!power) return;
  const rider = input.rider;
  let text =
    power.normalized !== null
      ? `Average power ${watts(power.average)}, normalized power ${watts(power.normalized)}.`
      : `Average power ${watts(power.average)}.`;
  if (ftp && power.intensityFactor !== null) {
    // the FTP stated is the one this ride's IF was measured against
    const current = rider.ftpWatts !== null && Math.round(rider.ftpWatts) === Math.round(ftp);
    const source = !current
      ? ', the FTP this ride was measured against'
      : rider.ftpSource === 'estimated'
        ? `, ${rider.ftpDescription ?? 'estimated from your rides'}`
        : rider.ftpSource === 'rider'
          ? ', the value you set'
          : '';
    text += ` Against an FTP of ${watts(ftp)}${source}, that is an intensity factor of ${fixed2(power.intensityFactor)}.`;
  }
  nb.add('power', 'note', 0.2, text);

  if (!ftp) {
    nb.add(
      'power',
      'weakness',
      0.45,
      nb.say(
        'There is no FTP on your profile, so this ride has no power zones, intensity factor or training stress score yet.',
        'Without an FTP I cannot place this ride in power zones or score its training stress.',
      ),
    );
    nb.advise(
      0.7,
      best.m20 !== null
        ? `Set your FTP in ${FTP_SETTING}: your best 20 minutes on this ride were ${watts(best.m20)}, so about ${watts(best.m20 * 0.95)} (95% of it) is a fair starting value until you do a proper test.`
        : `Set your FTP in ${FTP_SETTING}: after a 15-minute warm-up, ride 20 minutes as hard as you can hold evenly; 95% of that average power is your FTP, and every zone and score here follows from it.`,
      best.m20 === null,
    );
    return;
  }

  if (best.m20 !== null) {
    const estimate = best.m20 * 0.95;
    if (estimate >= ftp * 1.03) {
      nb.add(
        'power',
        'strength',
        0.85,
        nb.say(
          `Your best 20 minutes were ${watts(best.m20)}, which points to an FTP of about ${watts(estimate)}, above the ${watts(ftp)} you are training with.`,
          `A 20-minute best of ${watts(best.m20)} says your threshold has moved: 95% of it is ${watts(estimate)}, against an FTP of ${watts(ftp)}.`,
        ),
      );
      nb.advise(
        0.8,
        `Raise your FTP to about ${watts(estimate)} in ${FTP_SETTING} (or confirm it with a 20-minute test) so your zones, IF and TSS stop underestimating your rides.`,
        true,
      );
    }
    if (rider.weightKg && rider.weightKg > 0) {
      nb.add(
        'power',
        'note',
        0.3,
        `Your 20-minute best works out at ${fixed2(best.m20 / rider.weightKg)} W/kg at ${fixed2(rider.weightKg)} kg.`,
      );
    }
  }
  if (
    best.m5 !== null &&
    (workout.kind === 'vo2max' || workout.kind === 'race' || workout.kind === 'anaerobic')
  ) {
    const share = (best.m5 / ftp) * 100;
    nb.add(
      'power',
      share >= 115 ? 'strength' : 'note',
      share >= 115 ? 0.55 : 0.25,
      share >= 115
        ? nb.say(
            `Your best 5 minutes reached ${watts(best.m5)}, ${percent(share)} of FTP: a strong aerobic ceiling.`,
            `${watts(best.m5)} for 5 minutes (${percent(share)} of FTP) shows real top-end aerobic power.`,
          )
        : `Best 5 minutes: ${watts(best.m5)} (${percent(share)} of FTP).`,
    );
  }
  if (best.s5 !== null && workout.kind === 'race') {
    nb.add('power', 'note', 0.2, `Peak 5-second power hit ${watts(best.s5)}.`);
  }
  const history = nb.reading.history;
  if (history.averagePower !== null && power.average > 0) {
    const diff = diffPercent(power.average, history.averagePower);
    if (Math.abs(diff) >= 5) {
      nb.add(
        'history',
        'note',
        0.3,
        `Average power was ${moreOrLess(diff, 'above', 'below')} your recent average of ${watts(history.averagePower)}.`,
      );
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Pacing: variability and decoupling

const analysePacing = (nb: Notebook): void => {
  const { power, decouplingPct, workout, ride, heart, length } = nb.reading;
  if (length === 'short') return;
  const kind = workout.kind;
  const vi = power?.variabilityIndex ?? null;
  // pacing smoothness means nothing on interval sessions and races, and is unknown without a workout
  const judgeVi = workout.detail !== null && !workout.intervals && kind !== 'race';
  if (power && vi !== null && power.normalized !== null && !judgeVi) {
    nb.add(
      'pacing',
      'note',
      0.1,
      workout.intervals || kind === 'race'
        ? `VI ${fixed2(vi)}: the stop-start power of ${kind === 'race' ? 'racing' : 'intervals'}, as expected.`
        : `Variability index ${fixed2(vi)}.`,
    );
  } else if (power && vi !== null && power.normalized !== null) {
    const viText = fixed2(vi);
    if (vi <= 1.05 && kind !== 'race' && ride.movingTimeS >= 30 * 60) {
      nb.add(
        'pacing',
        'strength',
        isSteadyKind(kind) ? 0.6 : 0.4,
        nb.say(
          `Your pacing was very even: a variability index of ${viText} means almost no wasted surges.`,
          `Smooth power delivery: VI ${viText}, with normalized and average power only ${watts(power.normalized - power.average)} apart.`,
          `A VI of ${viText} shows disciplined, even pacing.`,
        ),
      );
    } else if (vi >= 1.12 && kind !== 'commute') {
      nb.add(
        'pacing',
        'weakness',
        isSteadyKind(kind) ? 0.7 : 0.45,
        nb.say(
          `Your power was spiky: VI ${viText}, with normalized power ${watts(power.normalized)} against an average of ${watts(power.average)}. Every surge over the rises costs more than it gains.`,
          `A variability index of ${viText} means a lot of surging: the ride cost you as much as a steady ${watts(power.normalized)} while averaging ${watts(power.average)}.`,
        ),
      );
      nb.advise(
        0.55,
        nb.say(
          `Smooth out the surges: on rollers, ease into each rise and hold ${target(nb.reading, 'tempo')} instead of sprinting it, then keep pedalling over the top.`,
          `Practise even pacing: on your next steady ride keep short rises ${target(nb.reading, 'tempo')} and aim for a VI under 1.05.`,
        ),
      );
    } else if (vi >= 1.12) {
      nb.add(
        'pacing',
        'note',
        0.2,
        `VI ${viText}: the stop-start power of ${kind === 'commute' ? 'traffic' : 'a mixed ride'}, as expected.`,
      );
    } else {
      nb.add(
        'pacing',
        'note',
        0.1,
        `Variability index ${viText}: moderately variable, normal for mixed terrain.`,
      );
    }
  }

  // decoupling only means something on a steady ride of at least 45 minutes
  if (decouplingPct === null || !heart || !workout.steady || ride.movingTimeS < STEADY_MIN_S) return;
  const against = power ? 'power' : 'pace';
  const d = `${fixed2(decouplingPct)}%`;
  if (decouplingPct >= 8) {
    nb.add(
      'pacing',
      'weakness',
      0.9,
      nb.say(
        `Heart rate drifted ${d} against ${against} from the first half to the second (aerobic decoupling). Above 5% your aerobic durability ran out before the ride did: pacing, fuelling or heat.`,
        `${d} aerobic decoupling: in the second half your heart rate had to work noticeably harder for the same ${against}, a sign of fading aerobic durability, under-fuelling or a first half ridden too hard.`,
        `The big pacing flag is ${d} of aerobic decoupling. Your heart rate rose against ${against} as the ride went on, so the back half cost more than it should have.`,
      ),
    );
    nb.advise(
      0.85,
      nb.say(
        `To bring that ${d} decoupling under 5%: start the first hour a little easier, eat 60-90 g of carbohydrate per hour from the first 30 minutes, drink 500-750 ml per hour, and add one long ride a week ${target(nb.reading, 'endurance')}.`,
        `Fix the ${d} drift from both ends: more base (a weekly long ride ${target(nb.reading, 'endurance')}) and better fuelling (60-90 g of carbohydrate and 500-750 ml of fluid per hour, starting early).`,
      ),
    );
  } else if (decouplingPct > 5) {
    nb.add(
      'pacing',
      'weakness',
      0.5,
      nb.say(
        `Aerobic decoupling of ${d}: a little over the 5% line, so your endurance is close but not yet solid at this duration.`,
        `Heart rate drifted ${d} against ${against}, just past the 5% that marks solid aerobic durability.`,
      ),
    );
  } else if (decouplingPct >= -5) {
    nb.add(
      'pacing',
      'strength',
      ride.movingTimeS >= 90 * 60 ? 0.75 : 0.5,
      nb.say(
        `Only ${d} aerobic decoupling over ${duration(ride.movingTimeS)}: heart rate and ${against} stayed coupled, which is what a solid aerobic base looks like.`,
        `Your heart rate stayed locked to ${against} (${d} decoupling), so your aerobic durability held for the full ${duration(ride.movingTimeS)}.`,
        `Decoupling of just ${d}: your engine did not fade.`,
      ),
    );
  } else {
    nb.add(
      'pacing',
      'note',
      0.2,
      `Heart rate fell against ${against} in the second half (${d}): usually a harder second half or a heart-rate strap that needed time to settle.`,
    );
  }
};

// ---------------------------------------------------------------------------------------------
// Heart rate

const analyseHeart = (nb: Notebook): void => {
  const { heart, heartShares, workout, power, ride, history } = nb.reading;
  const rider = nb.reading.input.rider;
  if (!heart) {
    if (power)
      nb.add(
        'heart',
        'weakness',
        0.3,
        'No heart-rate data on this ride, so I cannot see how your body answered the work: decoupling and efficiency need a heart-rate strap.',
      );
    return;
  }
  // each share sits next to the value it is a share of
  const share = (value: number) =>
    rider.thresholdHeartrate
      ? ` (${percent((value / rider.thresholdHeartrate) * 100)} of your threshold heart rate)`
      : rider.maxHeartrate
        ? ` (${percent((value / rider.maxHeartrate) * 100)} of your max)`
        : '';
  let text = `Heart rate averaged ${bpm(heart.average)}${share(heart.average)}`;
  if (heart.max !== null) text += ` and peaked at ${bpm(heart.max)}${share(heart.max)}`;
  nb.add('heart', 'note', 0.2, `${text}.`);

  if (heartShares) {
    const easy = heartShares[0]! + heartShares[1]!;
    nb.add(
      'heart',
      'note',
      0.15,
      `Heart-rate zones: ${percent(easy * 100)} in Z1-Z2, ${percent(heartShares[2]! * 100)} in Z3, ${percent((heartShares[3]! + heartShares[4]!) * 100)} in Z4-Z5.`,
    );
    if (
      workout.kind === 'endurance' &&
      workout.detail?.basis === 'power' &&
      heartShares[2]! + heartShares[3]! + heartShares[4]! >= 0.4
    ) {
      nb.add(
        'heart',
        'weakness',
        0.55,
        `Power said endurance, but ${percent((heartShares[2]! + heartShares[3]! + heartShares[4]!) * 100)} of your heart-rate time sat in Z3 or above: heat, fatigue or dehydration made this easy ride harder than it looked.`,
      );
    }
  }

  const steady = workout.kind === 'endurance' || workout.kind === 'recovery';
  if (steady && !heartShares && heart.ofThreshold !== null && heart.ofThreshold >= 0.88 && power) {
    nb.add(
      'heart',
      'weakness',
      0.5,
      `For an easy ride your heart rate ran high at ${percent(heart.ofThreshold * 100)} of threshold: worth checking sleep, heat and fuelling.`,
    );
  }
  if (heart.max !== null && rider.maxHeartrate && heart.max >= rider.maxHeartrate * 0.98) {
    nb.add(
      'heart',
      'note',
      0.2,
      `You touched ${bpm(heart.max)}, right at your known max of ${bpm(rider.maxHeartrate)}.`,
    );
  }

  // EF needs 20 minutes, and is compared only with rides of the same type and intensity
  if (ride.movingTimeS < METRICS_MIN_S) return;
  const sameType = workout.detail ? WORKOUT_TYPE_LABELS[workout.detail.type] : null;
  if (power?.efficiencyFactor != null && history.medianEfficiency !== null && sameType) {
    const diff = diffPercent(power.efficiencyFactor, history.medianEfficiency);
    const comparable = isSteadyKind(workout.kind) && workout.kind !== 'recovery';
    const usual = `your usual ${fixed2(history.medianEfficiency)} on ${history.efficiencyRides} earlier ${sameType}s of similar intensity`;
    if (diff >= 3 && ride.movingTimeS >= 30 * 60 && comparable) {
      nb.add(
        'heart',
        'strength',
        0.65,
        nb.say(
          `Efficiency factor ${fixed2(power.efficiencyFactor)} is ${percent(diff)} better than ${usual}: more watts for every heartbeat, the clearest sign your aerobic fitness is improving.`,
          `You produced more power per heartbeat than usual: EF ${fixed2(power.efficiencyFactor)} against ${usual} (${percent(diff)} up).`,
        ),
      );
    } else if (diff <= -5 && comparable) {
      nb.add(
        'heart',
        'weakness',
        0.45,
        `Efficiency factor dipped to ${fixed2(power.efficiencyFactor)}, ${percent(-diff)} under ${usual}: heart rate was high for the power, often fatigue, heat or a cold coming on.`,
      );
    } else if (Math.abs(diff) < 3) {
      nb.add(
        'heart',
        'note',
        0.1,
        `Efficiency factor ${fixed2(power.efficiencyFactor)} (normalized power per heartbeat), in line with ${usual}.`,
      );
    } else {
      nb.add('heart', 'note', 0.1, `Efficiency factor ${fixed2(power.efficiencyFactor)} against ${usual}.`);
    }
  } else if (power?.efficiencyFactor != null) {
    nb.add(
      'heart',
      'note',
      0.1,
      `Efficiency factor ${fixed2(power.efficiencyFactor)}: the baseline future rides will be measured against.`,
    );
  }
};

// ---------------------------------------------------------------------------------------------
// Load

const analyseLoad = (nb: Notebook): void => {
  const { power, history, ride, workout, workKj, length } = nb.reading;
  const tss = power?.tss ?? null;
  if (tss !== null) {
    let text = `Training stress score ${whole(tss)}`;
    if (power?.intensityFactor != null) text += ` at IF ${fixed2(power.intensityFactor)}`;
    if (history.medianTss !== null && history.medianTss > 0) {
      const diff = diffPercent(tss, history.medianTss);
      text +=
        Math.abs(diff) < 10
          ? `, about your usual ${whole(history.medianTss)}`
          : `, ${moreOrLess(diff, 'more', 'less')} than your typical ride (${whole(history.medianTss)})`;
    }
    nb.add('load', 'note', 0.25, `${text}.`);
    if (tss >= 250) {
      nb.add(
        'load',
        'note',
        0.6,
        `At ${whole(tss)} TSS this was a very big day; it will take two or three days to absorb.`,
      );
      nb.advise(
        0.9,
        `Recover properly: two easy days (30-60 min ${target(nb.reading, 'recovery')}, or off) before anything hard.`,
      );
    } else if (tss >= 150) {
      nb.advise(
        0.65,
        `Give this ride a day: keep tomorrow to 30-60 minutes ${target(nb.reading, 'recovery')}, or take it off.`,
      );
    }
  }
  if (workKj !== null && ride.movingTimeS >= 90 * 60) {
    nb.add(
      'load',
      'note',
      0.2,
      `You did ${whole(workKj)} kJ of work (the sum of your recorded power); at a typical 24% cycling efficiency that is an estimated ${whole(kcalFromKj(workKj))} kcal burned.`,
    );
  }

  if (history.weekly) analyseWeeklyLoad(nb, history.weekly);

  if (isHardKind(workout.kind)) {
    if (history.hardSessions28d !== null && history.hardSessions28d >= 12) {
      nb.add(
        'load',
        'weakness',
        0.6,
        `That makes ${history.hardSessions28d + 1} hard sessions in four weeks: too much intensity to recover from and not enough easy riding underneath it.`,
      );
      nb.advise(
        0.7,
        'Cap hard sessions at two or three a week and keep 70-80% of your riding time in zones 1-2.',
      );
    }
  }
  if (length === 'very-long') {
    nb.add(
      'load',
      'strength',
      0.45,
      nb.say(
        `${duration(ride.movingTimeS)} in the saddle is serious endurance work.`,
        `A ${duration(ride.movingTimeS)} day builds the durability that short rides cannot.`,
      ),
    );
    nb.advise(
      0.5,
      `On rides this long, fuel by the clock: 60-90 g of carbohydrate per hour from the first 30 minutes; for ${duration(ride.movingTimeS)} that is ${whole((ride.movingTimeS / 3600) * 60)}-${whole((ride.movingTimeS / 3600) * 90)} g in total.`,
    );
  }
};

/** The last 7 days against the weeks before: in TSS when every ride has one, else in riding time. */
const analyseWeeklyLoad = (nb: Notebook, weekly: WeeklyReading): void => {
  const byTss = weekly.averageTss !== null && weekly.recentTss !== null;
  const recent = byTss ? weekly.recentTss! : weekly.recentMovingS;
  const average = byTss ? weekly.averageTss! : weekly.averageMovingS;
  if (average <= 0) return;
  const show = (value: number) => (byTss ? `${whole(value)} TSS` : duration(value));
  const diff = diffPercent(recent, average);
  const facts = `${show(recent)} in the last 7 days including this ride, against a weekly average of ${show(average)} over the last ${weekly.weeks} weeks`;
  if (diff >= 30) {
    nb.add(
      'load',
      'weakness',
      byTss ? 0.7 : 0.55,
      nb.say(
        `Your load is climbing steeply: ${facts}, ${percent(diff)} more.`,
        `${capitalise(facts)}: a ${percent(diff)} jump, more than the body adapts to in one week.`,
      ),
    );
    nb.advise(
      0.75,
      nb.loadAllowsMore()
        ? `Ease the ramp: this week is ${percent(diff)} above your recent average, so hold next week's increase to 10-15% and make at least two days easy.`
        : `Ease the ramp: this week is ${percent(diff)} above your recent average, so do not add to next week and make at least two days easy.`,
    );
  } else if (diff >= -15) {
    nb.add(
      'load',
      'strength',
      0.35,
      nb.say(
        `Your week is on track: ${facts}, a sustainable load.`,
        `Steady, sustainable training: ${facts}.`,
      ),
    );
  } else {
    nb.add('load', 'note', 0.3, `A lighter week: ${facts} (${percent(-diff)} less).`);
  }
};

// ---------------------------------------------------------------------------------------------
// History: distance, speed, climbing against the rider's recent rides

const analyseHistory = (nb: Notebook): void => {
  const { history, ride, distanceMi, speedMph, units: u } = nb.reading;
  if (history.count === 0) {
    nb.add(
      'history',
      'note',
      0.3,
      nb.say(
        'This is the first ride I have for you, so there is nothing to compare it with yet: it becomes the baseline.',
        'No earlier rides on record yet, so this one sets your baseline; comparisons start with your next rides.',
      ),
    );
    return;
  }
  if (history.count < 3) {
    const previous = history.rides[0]!;
    nb.add(
      'history',
      'note',
      0.3,
      `With only ${history.count} earlier ${history.count === 1 ? 'ride' : 'rides'} on record, the nearest comparison is ${quoted(previous.name)} on ${calendarDate(previous.startDate)}: ${u.distance(previous.distanceM)} in ${duration(previous.movingTimeS)}.`,
    );
  }
  // indoor distance is virtual: it counts toward goals but is not compared with rides outside
  if (ride.indoor) return;
  if (
    history.longestDistanceM !== null &&
    ride.distanceM > history.longestDistanceM &&
    history.count >= 3 &&
    distanceMi >= 1
  ) {
    nb.add(
      'history',
      'strength',
      0.7,
      nb.say(
        `This was your longest ride of your last ${history.count}, beating ${u.distance(history.longestDistanceM)}.`,
        `New distance high for your recent riding: ${u.distance(ride.distanceM)}, past the ${u.distance(history.longestDistanceM)} of your last ${history.count} rides.`,
      ),
    );
  } else if (history.medianDistanceM !== null && history.medianDistanceM > 0 && distanceMi >= 1) {
    const diff = diffPercent(ride.distanceM, history.medianDistanceM);
    if (Math.abs(diff) >= 15)
      nb.add(
        'history',
        'note',
        0.2,
        `At ${u.distance(ride.distanceM)} it was ${moreOrLess(diff, 'longer', 'shorter')} than your typical ${u.distance(history.medianDistanceM)}.`,
      );
  }
  if (
    !nb.reading.workout.eBike &&
    history.mostClimbingM !== null &&
    ride.elevationGainM > history.mostClimbingM &&
    history.count >= 3 &&
    ride.elevationGainM > 150
  ) {
    nb.add(
      'history',
      'strength',
      0.5,
      `Most climbing of your last ${history.count} rides: ${u.elevation(ride.elevationGainM)}, past ${u.elevation(history.mostClimbingM)}.`,
    );
  }

  const similar = history.similar;
  if (similar && similar.averageSpeedMps > 0 && ride.averageSpeedMps > 0) {
    const diff = diffPercent(ride.averageSpeedMps, similar.averageSpeedMps);
    if (Math.abs(diff) >= 3) {
      const faster = diff > 0;
      const climbNote =
        Math.abs(ride.elevationGainM - similar.elevationGainM) > 150
          ? ` (with ${u.elevation(ride.elevationGainM)} of climbing against ${u.elevation(similar.elevationGainM)}, so terrain explains part of it)`
          : '';
      nb.add(
        'history',
        faster ? 'strength' : 'note',
        faster ? 0.5 : 0.25,
        `${faster ? 'Faster' : 'Slower'} than ${quoted(similar.name)} (${calendarDate(similar.startDate)}), a ride of similar length: ${u.speed(ride.averageSpeedMps)} against ${u.speed(similar.averageSpeedMps)}, ${percent(Math.abs(diff))} ${faster ? 'quicker' : 'slower'}${climbNote}.`,
      );
      return;
    }
  }
  if (history.medianOutdoorSpeedMps !== null && ride.averageSpeedMps > 0) {
    const diff = diffPercent(ride.averageSpeedMps, history.medianOutdoorSpeedMps);
    if (diff >= 5) {
      nb.add(
        'history',
        'strength',
        0.4,
        `Your ${u.speed(ride.averageSpeedMps)} average was ${percent(diff)} above your usual ${u.speed(history.medianOutdoorSpeedMps)} outdoors.`,
      );
    } else if (diff <= -8) {
      nb.add(
        'history',
        'note',
        0.2,
        `Average speed ${u.speed(ride.averageSpeedMps)}, ${percent(-diff)} under your usual ${u.speed(history.medianOutdoorSpeedMps)}; wind, terrain and traffic move this more than fitness does.`,
      );
    }
  } else if (!nb.reading.power && !nb.reading.heart && speedMph > 0) {
    nb.add('history', 'note', 0.2, `Average speed ${u.speed(ride.averageSpeedMps)}.`);
  }
};

// ---------------------------------------------------------------------------------------------
// Terrain and cadence

const analyseTerrain = (nb: Notebook): void => {
  const { ride, climbFtPerMi, cadence, workout, history, elevationFt, units: u } = nb.reading;
  const hilly =
    !ride.indoor && !workout.eBike && climbFtPerMi !== null && climbFtPerMi >= 80 && elevationFt >= 2000;
  const offroad = /mountain|gravel/i.test(ride.sportType);
  // an e-bike's motor does the climbing: nothing about hills on e-bike rides
  if (!ride.indoor && climbFtPerMi !== null && !workout.eBike) {
    if (climbFtPerMi >= 80 && elevationFt >= 1000 && nb.reading.length !== 'short') {
      nb.add(
        'terrain',
        'strength',
        0.35,
        nb.say(
          `${u.elevation(ride.elevationGainM)} of climbing at ${u.climbRate(climbFtPerMi)}: proper hill work.`,
          `A hilly route: ${u.climbRate(climbFtPerMi)} of climbing, ${u.elevation(ride.elevationGainM)} in all.`,
        ),
      );
    } else if (climbFtPerMi < 20 && ride.distanceM > 8000) {
      nb.add(
        'terrain',
        'note',
        0.1,
        `A flat route (${u.climbRate(climbFtPerMi)}), so speed and power here reflect steady pedalling rather than climbing.`,
      );
    } else if (elevationFt >= 100) {
      nb.add(
        'terrain',
        'note',
        0.1,
        `Rolling terrain: ${u.elevation(ride.elevationGainM)} of climbing, ${u.climbRate(climbFtPerMi)}.`,
      );
    }
  }
  if (ride.maxSpeedMps !== null && !ride.indoor && metresPerSecondToMph(ride.maxSpeedMps) >= 35) {
    nb.add('terrain', 'note', 0.1, `Top speed ${u.speed(ride.maxSpeedMps)} on the descents.`);
  }

  if (cadence === null) return;
  const usual = history.medianCadence;
  let text = `Cadence averaged ${rpm(cadence)}`;
  if (usual !== null && Math.abs(cadence - usual) >= 4)
    text += `, ${whole(Math.abs(cadence - usual))} rpm ${cadence > usual ? 'higher' : 'lower'} than your usual ${rpm(usual)}`;
  nb.add('terrain', 'note', 0.1, `${text}.`);
  if (nb.reading.length === 'short') return;
  if (cadence < 75 && !offroad) {
    const climbing = hilly;
    nb.add(
      'terrain',
      'weakness',
      climbing ? 0.45 : 0.55,
      climbing
        ? `A ${rpm(cadence)} average on a hilly ride means a lot of grinding: low cadence shifts the work onto your leg muscles and tires them early.`
        : nb.say(
            `Your cadence was low at ${rpm(cadence)}: pushing big gears loads the muscles and fatigues your legs faster than spinning.`,
            `${rpm(cadence)} is on the heavy side; most riders are more economical at 85-95 rpm on the flat.`,
          ),
    );
    nb.advise(
      0.5,
      climbing
        ? 'On climbs, shift down a gear earlier and aim to keep cadence above 75 rpm; if you run out of gears, a larger cassette is a cheap upgrade.'
        : 'Add cadence work to an endurance ride: 3 x 5 min at 95-105 rpm with 5 min normal riding between, keeping your upper body still.',
    );
  } else if (
    cadence >= 85 &&
    cadence <= 97 &&
    (workout.kind === 'endurance' || workout.kind === 'tempo' || workout.kind === 'sweet-spot')
  ) {
    nb.add(
      'terrain',
      'strength',
      0.3,
      nb.say(
        `Cadence of ${rpm(cadence)} sits right in the efficient 85-95 rpm band for steady riding.`,
        `A smooth ${rpm(cadence)} cadence: efficient and easy on the legs.`,
      ),
    );
  } else if (cadence > 100) {
    nb.add(
      'terrain',
      'note',
      0.15,
      `A high ${rpm(cadence)} cadence: efficient for the lungs, but check you are not bouncing in the saddle.`,
    );
  }
};

// ---------------------------------------------------------------------------------------------
// Goals

const analyseGoals = (nb: Notebook): void => {
  const reading = nb.reading;
  for (const g of reading.goals.slice(0, 3)) {
    const unit = g.unit ? ` ${g.unit}` : '';
    const title = quoted(g.goal.title);
    const due = g.goal.targetDate ? `, due ${calendarDate(g.goal.targetDate)}` : '';
    const progress = `${goalValue(g.goal.currentValue)} of ${goalValue(g.goal.targetValue)}${unit} (${percent(g.progress * 100)})`;
    if (g.goal.type === 'speed') {
      if (g.contribution === null) {
        nb.add('goals', 'note', 0.15, `Goal ${title}: ${progress}${due}.`);
        continue;
      }
      const reached = g.contribution >= g.goal.targetValue;
      nb.add(
        'goals',
        reached ? 'strength' : 'note',
        reached ? 0.6 : 0.3,
        reached
          ? `Goal ${title}: today's ${fixed2(g.contribution)} ${g.unit} average meets your ${goalValue(g.goal.targetValue)} ${g.unit} target.`
          : `Goal ${title}: today's average was ${fixed2(g.contribution)} ${g.unit} against a target of ${goalValue(g.goal.targetValue)} ${g.unit}.`,
      );
      continue;
    }
    if (g.goal.type === 'custom') {
      nb.add('goals', 'note', 0.15, `Goal ${title}: ${progress}${due}.`);
      continue;
    }
    // only rides on or after the goal's start count toward it
    const added =
      g.contribution === null
        ? null
        : g.unit === 'h'
          ? duration(g.contribution * 3600)
          : `${fixed2(g.contribution)}${unit}`;
    let text = added
      ? `This ride adds ${added} toward ${title}, now at ${progress}${due}.`
      : `Goal ${title}: ${progress}${due}.`;
    if (g.remaining > 0 && g.perWeek !== null && g.daysLeft !== null) {
      text += ` With ${g.daysLeft} days left you need about ${fixed2(g.perWeek)}${unit} a week.`;
      const weekly = reading.history.weekly;
      const pace =
        weekly && g.goal.type === 'distance'
          ? reading.units.distanceValue(weekly.averageDistanceM)
          : weekly && g.goal.type === 'time'
            ? weekly.averageMovingS / 3600
            : null;
      if (pace !== null && pace > 0) {
        const measure = g.goal.type === 'distance' ? 'distance' : 'riding time';
        if (pace >= g.perWeek) {
          text += ` Your recent ${fixed2(pace)}${unit} a week is enough.`;
        } else if (g.perWeek <= pace * 2) {
          text += ` Your recent ${fixed2(pace)}${unit} a week falls short.`;
          nb.advise(
            0.6,
            `To make ${title} in time, lift your weekly ${measure} from ${fixed2(pace)}${unit} to about ${fixed2(g.perWeek)}${unit}, adding most of it to your long ride.`,
            true,
          );
        } else {
          text += ` That is more than double your recent ${fixed2(pace)}${unit} a week.`;
          nb.advise(
            0.55,
            `${title} needs more than twice your current weekly ${measure}; rather than ramping that fast, move the date or the target so the goal stays motivating and reachable.`,
          );
        }
      }
    } else if (g.remaining === 0) {
      text += ' Target reached: time to set the next one.';
    }
    nb.add('goals', g.remaining === 0 ? 'strength' : 'note', g.remaining === 0 ? 0.5 : 0.35, text);
  }
};

// ---------------------------------------------------------------------------------------------
// Context: data coverage, short, indoor, commute, stops

const analyseContext = (nb: Notebook): void => {
  const { ride, power, heart, length, stoppedS, workout } = nb.reading;
  if (!power && !heart) {
    nb.add(
      'heart',
      'weakness',
      0.35,
      nb.say(
        'This ride has no power or heart-rate data, so I can judge its distance, time, speed and climbing but not how hard it was for you.',
        'Without a power meter or heart-rate strap I only see the outside of this ride: speed, distance and climbing, not the effort behind them.',
      ),
    );
    nb.advise(
      0.45,
      'Pair a heart-rate strap with your bike computer or phone: it is the cheapest way to get zones, intensity and drift into these analyses.',
    );
  }
  if (length === 'short') {
    nb.add(
      'load',
      'note',
      0.8,
      `At ${duration(ride.movingTimeS)} this was a short outing, too short for zone, pacing or fitness conclusions; count it as easy volume or a spin-out.`,
    );
  }
  if (ride.indoor) {
    nb.add(
      'load',
      'note',
      0.25,
      nb.say(
        'Indoors there is no coasting, so every minute counts: trainer time is denser than the same time outside.',
        'On the trainer every minute is pedalling, so this session carries more work per hour than a ride outside; speed and distance are virtual and I leave them out of comparisons.',
      ),
    );
    if (workout.steady && nb.reading.decouplingPct !== null && nb.reading.decouplingPct > 5) {
      nb.advise(
        0.4,
        'Indoors, heat drives heart-rate drift: a strong fan and a bottle per hour keep decoupling honest.',
      );
    }
  }
  if (workout.kind === 'commute') {
    nb.add(
      'load',
      'note',
      0.3,
      'As a commute it adds useful easy volume; keep commutes relaxed on the days after hard sessions so they do not eat into recovery.',
    );
  }
  if (!ride.indoor && stoppedS >= 15 * 60 && stoppedS >= ride.elapsedTimeS * 0.2) {
    nb.add(
      'load',
      'note',
      0.1,
      `You spent ${duration(stoppedS)} stopped (elapsed ${duration(ride.elapsedTimeS)} against ${duration(ride.movingTimeS)} moving), so this was ridden in blocks rather than one effort.`,
    );
  }
};

// ---------------------------------------------------------------------------------------------
// Form: where the ride sits in the rider's training load

/** The day after the ride, seen from when the feedback is written: "tomorrow", "today" or "the next day". */
const nextDayOf = (form: FormReading, asOf: number): string => {
  const days = Math.round(
    (Date.parse(new Date(asOf).toISOString().slice(0, 10)) - Date.parse(form.date)) / 86_400_000,
  );
  return days <= 0 ? 'tomorrow' : days === 1 ? 'today' : 'the next day';
};

/**
 * Where the ride leaves the rider's load: form (TSB) after it, fitness (CTL), fatigue (ATL) and the
 * ramp rate, with advice that fits the load. Deep fatigue (TSB under -30) or a steep ramp (over 8
 * CTL a week) gets rest or easy riding and nothing harder; hard days in a row that leave the form
 * under -10 get an easy next day. Said only with load data (FormReading).
 */
const analyseForm = (nb: Notebook): void => {
  const form = nb.reading.form;
  if (!form) return;
  const next = nextDayOf(form, nb.reading.asOf);
  const tsb = `form (TSB) ${signed(form.tsbAfter)}`;
  const tsbIs = `form (TSB) is ${signed(form.tsbAfter)}`;
  const load = `fitness (CTL) ${whole(form.ctl)} and fatigue (ATL) ${whole(form.atl)}`;
  const streak = form.hardDays >= 2 ? ` after ${countInWords(form.hardDays)} hard days` : '';
  const ramp = `ramp rate of ${signed(form.rampRate, 1)} CTL a week`;
  const recovered = `your form (TSB) is back above ${signed(GREY_ZONE_TSB)}`;
  const easySpin = `30-60 min ${target(nb.reading, 'recovery')}`;
  if (form.deepFatigue) {
    nb.add(
      'load',
      'weakness',
      0.95,
      `Your ${tsbIs}${streak}, with ${load}: a TSB below ${signed(HIGH_RISK_TSB)} means you are overreached, with fatigue far ahead of fitness.`,
    );
    nb.advise(
      0.99,
      `Rest: take ${next} off or keep it to ${easySpin}, and ride only easy until ${recovered}; no intervals or long rides before then.`,
    );
    return;
  }
  if (form.steepRamp) {
    nb.add(
      'load',
      'weakness',
      0.9,
      `Your fitness is climbing too fast: ${ramp}, above the ${RAMP_LIMIT_CTL_PER_WEEK} CTL a week the body absorbs safely (${tsb}, ${load}).`,
    );
    nb.advise(
      0.99,
      `Hold the load: make ${next} a rest day or ${easySpin}, and do not add to this week's training; let fitness catch up before the next hard session.`,
    );
    return;
  }
  if (form.verdict === 'easy') {
    nb.add('load', 'note', 0.9, `Your ${tsbIs}${streak}: ${next} should be easy. That leaves ${load}.`);
    nb.advise(
      0.95,
      `Make ${next} easy, ${easySpin} or a day off, and keep the next hard session until ${recovered}.`,
    );
    return;
  }
  const rising = form.rampRate > 0 ? `, fitness rising at a ${ramp}` : '';
  const text: Record<FormReading['band'], string> = {
    'high-risk': `Your ${tsbIs}, with ${load}.`,
    optimal: `Your ${tsbIs}, with ${load}${rising}: productive training, fatigue you can absorb.`,
    grey: `Your ${tsbIs}, with ${load}${rising}: a load that holds your fitness.`,
    fresh: `You are fresh: ${tsb}, with ${load}, a good moment for a key session or an event.`,
    transition: `Your ${tsbIs}, with ${load}: fitness is fading from a long easy spell, so build the load back up gradually.`,
  };
  nb.add('load', 'note', 0.4, text[form.band]);
};

// ---------------------------------------------------------------------------------------------
// The next session, by kind of workout

const adviseNextSession = (nb: Notebook): void => {
  const r = nb.reading;
  const kind = r.workout.kind;
  const easy = target(r, 'endurance');
  switch (kind) {
    case 'recovery':
      nb.advise(
        0.35,
        nb.say(
          `You are fresh now: make the next ride a quality one, for example 3 x 12 min ${target(r, 'sweet-spot')} with 5 min easy between.`,
          `Good recovery ride. Next, a structured session: 2 x 20 min ${target(r, 'sweet-spot')}.`,
        ),
        true,
      );
      break;
    case 'endurance':
    case 'commute':
    case 'general':
    case 'mixed':
      nb.advise(
        0.35,
        nb.say(
          `Build on this with one quality session this week: 3 x 12 min ${target(r, 'sweet-spot')} with 5 min easy between.`,
          `Next, add intensity on a fresh day: 4 x 8 min ${target(r, 'threshold')} with 4 min easy recoveries.`,
          `Keep most of your riding like this, and add one session of 2 x 20 min ${target(r, 'sweet-spot')} to lift your threshold.`,
        ),
        true,
      );
      break;
    case 'tempo':
    case 'sweet-spot':
      nb.advise(
        0.35,
        nb.say(
          `Progress the intervals: next time 2 x 20 min ${target(r, 'sweet-spot')}, then 3 x 15 min the week after.`,
          `Balance this with a long easy ride ${easy} in the next few days, then repeat the session with 5 more minutes of work.`,
        ),
        true,
      );
      break;
    case 'threshold':
    case 'vo2max':
    case 'anaerobic':
    case 'race':
      nb.advise(
        0.4,
        nb.say(
          `Follow a hard session with 24-48 hours easy: 60-90 min ${easy} or a rest day, then the next key workout.`,
          `Absorb this one: an easy spin ${target(r, 'recovery')} tomorrow, and keep the next hard session at least 48 hours away.`,
        ),
        true,
      );
      nb.advise(
        0.3,
        kind === 'vo2max'
          ? `Progress it in 5-7 days: the same session with one more interval, held ${target(r, 'vo2')}.`
          : `To raise your ceiling, try 5 x 3 min ${target(r, 'vo2')} with 3 min easy between, once a week.`,
        true,
      );
      break;
  }
  if (r.history.count < 3) {
    nb.advise(
      0.2,
      'Keep syncing your rides: after a few more I can compare each one with your usual distance, speed and load.',
    );
  }
};

/** Every analyser, in reading order. */
export const ANALYSERS: readonly ((nb: Notebook) => void)[] = [
  analyseContext,
  analysePower,
  analyseHeart,
  analysePacing,
  analyseLoad,
  analyseForm,
  analyseHistory,
  analyseTerrain,
  analyseGoals,
  adviseNextSession,
];
