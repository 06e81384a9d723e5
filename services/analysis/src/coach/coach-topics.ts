/** What a rider's message is about. Order matters: the first topic with the most hits wins. */
export const TOPICS = [
  'climbing',
  'sprinting',
  'warm-up',
  'cadence',
  'intervals',
  'nutrition',
  // before rest days, recovery and trends: "am I overtraining", "when should I rest", "am I getting fitter"
  'form',
  'rest-days',
  'recovery',
  'pacing',
  'ftp',
  'weight',
  'race',
  'indoor',
  'endurance',
  'goals',
  'trends',
  'greeting',
  'thanks',
] as const;
export type Topic = (typeof TOPICS)[number] | 'general';

const PATTERNS: Record<(typeof TOPICS)[number], RegExp> = {
  climbing: /\b(climb\w*|hills?|hilly|mountains?|ascents?|gradients?|elevation|uphill|kom|col)\b/gi,
  sprinting: /\b(sprint\w*|kick|jump|explosive\w*|top speed|bunch finish|lead[- ]?out)\b/gi,
  'warm-up':
    /\b(warm[- ]?ups?|warming up|warm up|cool[- ]?downs?|cooling down|before (a|my|the) (race|session|intervals?))\b/gi,
  cadence: /\b(cadence|rpm|spin(ning)?|pedal(l?ing)? (speed|rate|stroke)|gears?|gearing)\b/gi,
  intervals:
    /\b(intervals?|hiit|vo2\s?max|vo2|repeats?|structured|workouts?|sweet ?spot|tabata|efforts?)\b/gi,
  nutrition:
    /\b(eat\w*|food|fuel\w*|nutrition|carb\w*|gels?|drink\w*|hydrat\w*|meal|breakfast|snacks?|diet|water|bottles?|electrolytes?|caffeine|bonk\w*)\b/gi,
  form: /\b(over-?train\w*|over-?reach\w*|getting fitter|fitter|tsb|ctl|atl|training load|my form|my fatigue|when (should|do|can) i (rest|recover|take (a |an )?(rest|day off|break|easy day))|need (a )?(rest|break|day off)|too much training|training too much)\b/gi,
  'rest-days': /\b(rest days?|days? off|rest\b|how many days|every day|daily|overtrain\w*)\b/gi,
  recovery:
    /\b(recover\w*|sore\w*|tired\w*|fatigue\w*|sleep\w*|legs? (feel|are)|burn\w*out|deload|massage|stretch\w*)\b/gi,
  pacing:
    /\b(pac(e|ing)|pacing|surg\w*|start(ed)? too (fast|hard)|even(ly)?|negative split|blow(ing)? up|fade\w*)\b/gi,
  ftp: /\b(ftp|threshold|zones?|power test|ramp test|20[- ]?min(ute)? test|watts?|power)\b/gi,
  weight: /\b(weight|lose|losing|kg|kilos?|lbs?|pounds|w\/kg|watts per kilo|lighter|body fat)\b/gi,
  race: /\b(race\w*|racing|event|gran ?fondo|sportive|crit\w*|taper\w*|competition|century|time ?trial|tt)\b/gi,
  indoor: /\b(indoors?|trainer|turbo|zwift|rollers?|smart trainer|erg|winter training|rouvy|trainerroad)\b/gi,
  endurance: /\b(endurance|base|long rides?|zone ?2|z2|distance|longer|stamina|faster|speed|improve)\b/gi,
  goals: /\b(goals?|target|on track|progress)\b/gi,
  trends:
    /\b(trends?|trending|fitter|fitness|getting (better|stronger|fitter|worse)|improving|improved|improvements?|efficien\w*|plateau\w*)\b/gi,
  greeting: /^\s*(hi|hello|hey|good (morning|afternoon|evening)|yo|hiya)\b/gi,
  thanks: /\b(thanks?|thank you|cheers|great advice|appreciate)\b/gi,
};

/** The topics of a message, best first; empty when nothing matches. */
export const topicsOf = (message: string): Topic[] => {
  const scored: { topic: Topic; hits: number; order: number }[] = [];
  TOPICS.forEach((topic, order) => {
    const hits = message.match(PATTERNS[topic])?.length ?? 0;
    if (hits > 0) scored.push({ topic, hits, order });
  });
  // greeting and thanks only lead when nothing else is asked
  const substantive = scored.filter((s) => s.topic !== 'greeting' && s.topic !== 'thanks');
  const pool = substantive.length ? substantive : scored;
  return pool.sort((a, b) => b.hits - a.hits || a.order - b.order).map((s) => s.topic);
};

/**
 * A question for a measurement rides do not hold ("What was my sleep score last night?"): answered
 * honestly as unknown, not with how-to advice about the topic it touches.
 */
export const asksForDataNotInRides = (message: string): boolean =>
  /\b(what|how (much|many|long|high|low|good)|show|tell me)\b[^?]*\bmy\s+(sleep(ing)?( score| time| quality)?|hrv|heart rate variability|resting (heart rate|hr|pulse)|steps|readiness|body battery|recovery score|stress( score)?|blood (pressure|sugar|glucose)|temperature|calories (eaten|consumed|intake)|food intake)\b|\bhow many steps\b/i.test(
    message,
  );
