/**
 * The chat's safety check: recognises red flags in a rider's message (symptoms during effort,
 * pain and injuries, illness, rapid weight loss and restrictive eating) before any engine or LLM
 * answer. A red flag is answered with stopping and seeing a doctor or the right professional, and
 * never with a training prescription. Deterministic: the same message always gets the same answer.
 */
import { NUMBER_PATTERN, numberOf } from './number-words.js';

export const RED_FLAGS = [
  'chest',
  'heart-rhythm',
  'fainting',
  'head-injury',
  'breathing',
  'illness',
  'eating',
  'numbness',
  'pain',
] as const;
export type RedFlag = (typeof RED_FLAGS)[number];

/** "can't", "cant", "cannot", "couldn't", "could not", "unable to". */
const CANNOT = String.raw`(?:can'?t|cannot|can not|couldn'?t|could not|unable to)`;
/** joints, bones and tendons: pain there is not the burn of hard work */
const JOINT = String.raw`(?:knees?|kne|kneecaps?|(?:my|lower|upper|the) back|spine|hips?|neck|shoulders?|ankles?|achilles|wrists?|elbows?|collarbone|ribs?|it band|itb|tendons?|hamstrings? tendon|foot|feet|heels?|arch|groin|perineum|saddle area)`;
const PAIN = String.raw`(?:pain\w*|pian|hurt\w*|ach(?:e|es|ed|ing|y)|sore(?:ness)?|twinge\w*|swell\w*|swollen|popped|locked|stiff(?:ness)?|throbb\w*|killing me)`;
/** up to `n` words in between */
const near = (n: number) => String.raw`(?:\W+\w+){0,${n}}?\W+`;

const PATTERNS: Record<RedFlag, RegExp[]> = {
  chest: [
    new RegExp(
      String.raw`\bche?a?st\b(?!\s*(?:strap|belt|monitor|sensor|hr\b|heart rate (?:strap|monitor|sensor)))${near(4)}(?:pain\w*|pian|hurt\w*|ach\w*|tight\w*|pressure|squeez\w*|heav(?:y|iness)|burn\w*|discomfort|crush\w*|constrict\w*)`,
      'i',
    ),
    new RegExp(
      String.raw`\b(?:pain\w*|pian|tight\w*|pressure|discomfort|ache|heaviness|squeez\w*|crushing|feeling|sensation)(?:\s+\w+)?\s+(?:in|on|across|around|behind)\s+(?:my\s+|the\s+)?che?st\b`,
      'i',
    ),
    /\b(?:chest pains?|angina|heart attack|cardiac arrest|cardiac event)\b/i,
    /\bpain\w*\b.*\b(?:left arm|down my arm|into my (?:arm|jaw)|in my jaw)\b/i,
  ],
  'heart-rhythm': [
    /\bpalpitat\w*|\bpalpa?tations?\b/i,
    /\b(?:irregular|erratic|skipp\w*|missed|missing|extra|fluttery?|flutter\w*|funny|weird|strange|abnormal)\s+(?:heart ?beats?|heart ?rhythm|beats?|pulse|heart(?! ?rate))\b/i,
    /\b(?:irregular|erratic)\s+heart ?rate\b(?!\s+(?:data|readings?|sensor|strap|monitor))/i,
    /\bheart\b(?! ?rate)[^.?!]{0,25}\b(?:skipp\w*|flutter\w*|racing|pounding|irregular|jumping|misfir\w*)\b/i,
    /\bheart ?rate\b[^.?!]{0,30}\b(?:racing|raced|races|pounding|high|shot up|spiked?)\b[^.?!]{0,30}\b(?:at rest|resting|sitting|lying|in bed|for no reason|out of nowhere)\b/i,
    /\bheart\s*(?:was\s+|is\s+|keeps\s+|kept\s+|started\s+|starts\s+|went\s+|goes\s+)?(?:racing|raced|races|fluttering|flutters|fluttered|skipping|skipped|skips|pounding out of|jumping around|irregular|erratic|all over the place|out of rhythm|beating (?:fast|irregularly|out of))/i,
    /\b(?:racing|fluttering|pounding|irregular) heart\b/i,
    /\b(?:a-?fib|afib|atrial fibrillation|arrh?ythmi\w*|tachycardi\w*|svt)\b/i,
    /\bheart rate\b.*\b(?:won'?t|wouldn'?t|will not|would not|didn'?t|doesn'?t|does not|did not) (?:come|go|drop|settle) (?:down|back)\b/i,
  ],
  fainting: [
    /\b(?:faint\w*|fainted|feinted|fainted|passed out|pass(?:ing)? out|black(?:ed|ing)? out|blacked-out|blackout|lost consciousness|los(?:e|ing) consciousness|keeled over)\b/i,
    /\b(?:i|and|nearly|almost|then|just)\s+collapsed\b/i,
    /\b(?:dizz\w*|dizy|dizzi\w*|light[- ]?headed\w*|lighthead\w*|woozy|vertigo|giddy)\b/i,
    /\b(?:room|world|head|everything)\s+(?:was\s+|is\s+|started\s+|went\s+)?spinning\b/i,
    /\b(?:tunnel vision|vision (?:went|goes|going|turned|was) (?:black|dark|grey|gray|blurry|fuzzy|white)|(?:saw|seeing) stars|grey(?:ed|ing)? out|gray(?:ed|ing)? out)\b/i,
  ],
  'head-injury': [
    /\b(?:conn?cuss\w*|head (?:injury|injuries|trauma|knock|wound)|knocked (?:myself )?(?:out|unconscious)|skull)\b/i,
    /\b(?:hit|banged|bumped|smacked|knocked|whacked|cracked|landed on)\s+(?:my|the\s+back\s+of\s+my|the\s+side\s+of\s+my)?\s*head\b/i,
    /\bhead\s+(?:hit|struck|smacked|bounced off)\b/i,
    /\bhelmet\b.*\b(?:crack\w*|broke\w*|split|smash\w*|dent\w*|damag\w*)\b|\b(?:crack\w*|broke\w*|split|smash\w*|dent\w*|damag\w*)\b.*\bhelmet\b/i,
    /\b(?:crash\w*|fell|fall(?:en)?|came off|accident|collision|hit by a car|knocked off)\b.*\b(?:head|face|helmet)\b/i,
  ],
  breathing: [
    new RegExp(String.raw`\b${CANNOT}\s+(?:catch|get|find)\s+(?:my|a)\s+breath\b`, 'i'),
    new RegExp(String.raw`\b${CANNOT}\s+breathe?\b|\bstruggl\w*\s+(?:to|for)\s+breath\w*`, 'i'),
    /\bshort(?:ness)?\s+of\s+breath\b|\bbreathless(?:ness)?\b.*\b(?:easy|rest|resting|stairs|walking|sitting|lying|night|no reason|normal|unusual|recovery|zone ?[12]|low|gentle|flat)\b/i,
    /\bout of breath\b.*\b(?:easy|rest|resting|stairs|walking|sitting|lying|night|no reason|recovery|zone ?[12]|gentle|flat)\b/i,
    /\b(?:wheez\w*|gasping|asthma attack|choking|breathing (?:difficult\w*|problems?|trouble)|trouble breathing|difficulty breathing|hard to breathe at rest)\b/i,
  ],
  illness: [
    /\b(?:heat ?stroke|heat exhaustion|stopped sweating|blood in (?:my )?(?:urine|pee)|(?:dark|brown|cola[- ]colou?red) (?:urine|pee))\b/i,
    /\b(?:urine|pee|wee)\b[^.?!]{0,20}\b(?:dark|brown|red|bloody|cola)\b/i,
    /\b(?:fever\w*|feaver|temperature of|flu|influenza|covid\w*|coronavirus|chest infection|infection|antibiotics|sore throat|stomach bug|gastroenteritis|vomit\w*|throwing up|threw up|diarrh\w*|food poisoning|chills|shivers|glandular|mono\b|strep)\b/i,
    /\b(?:i'?m|i am|im|feel\w*|been|was|got|getting|went|fell|coming down|come down)\s+(?:really\s+|very\s+|quite\s+|a bit\s+|a little\s+|so\s+)?(?:sick|ill|unwell|poorly|under the weather)\b(?!\s+(?:of|after|from|when|on)\b)/i,
    /\b(?:have|has|had|got|running|run|with)\s+(?:a\s+)?(?:high\s+|slight\s+)?temp(?:erature)?\b(?!s)/i,
    /\b(?:have|had|got|caught|getting|coming down with|fighting)\s+(?:a|the)\s+(?:bad\s+|heavy\s+|head\s+|chest\s+|nasty\s+|bit of a\s+)?(?:cold|bug|virus|chest cold|flu)\b/i,
  ],
  eating: [
    /\bfast(?:ing)?\s+(?:for\s+)?(?:\d+|a few|two|three|four|five|several)\s+days\b|\bfasting\b.*\b(?:weight|kg|kilos|pounds|lbs|lose|drop|lighter)\b/i,
    /\b(?:crash diet\w*|starv(?:e|ing) myself|starvation|stop(?:ped)? eating(?! (?:so|too) much)|barely eat\w*|eat(?:ing)? nothing|eat(?:ing)? (?:very |really )?little\b|skip(?:ping)? (?:meals|eating)|very low[- ]calorie|water fast\w*|juice cleanse|detox diet|laxatives?|diuretics?|diet pills|make myself (?:sick|throw up|vomit)|purg\w*|binge\w*|eating disorder|anorexi\w*|bulimi\w*|disordered eating|making weight|sweat (?:off|out) (?:the )?(?:weight|kilos|pounds))\b/i,
    /\b(?:stop|quit|cut(?:ting)? out|giv(?:e|ing) up|eliminat\w*|ban(?:ning)?|no more|zero|drop(?:ping)?)\s+(?:eating\s+)?(?:all\s+)?(?:carbs?|carbohydrates?|food|sugar and carbs)\b.*\b(?:weight|kg|kilos?|lbs?|pounds|fat|lean|lighter|slim)\b/i,
    /\b(?:lose|losing|drop|dropping|shed|shedding|cut|cutting|burn off|get rid of)\s+(?:some\s+|the\s+|my\s+|a lot of\s+|lots of\s+|excess\s+|body\s+)?(?:weight|kg|kilos?|lbs?|pounds|stone|fat|body fat)\s+(?:really\s+|super\s+|very\s+)?(?:fast|quickly|quick|rapidly|asap|in a hurry|overnight|in a week|in one week|in a few days|in days|by the weekend|by next week|immediately)\b/i,
    /\b(?:fast|quick|rapid|rapidly|quickly|quickest|fastest)\s+(?:weight loss|way to (?:lose|drop|shed)|lose|drop)\b/i,
    /\b(?:lose|drop|shed)\b.*\bas (?:fast|quickly) as (?:possible|i can)\b/i,
    /\b(?:[1-9]\d{2}|1[01]\d{2})\s*(?:k?cals?|calories)\s+(?:a|per|each)\s+day\b/i,
  ],
  numbness: [
    /\b(?:numb(?:ness|ed|ing)?|tingl\w*|pins and needles|lost (?:the )?feeling|no feeling in|los(?:e|ing) (?:the )?feeling)\b/i,
    /\b(?:foot|feet|hands?|toes|fingers|legs?|arms?)\s+(?:falls?|fell|goes|go|went|going)\s+(?:asleep|dead|numb)\b/i,
    new RegExp(String.raw`\b${CANNOT}\s+feel\s+my\b`, 'i'),
  ],
  pain: [
    new RegExp(String.raw`\b${JOINT}${near(4)}${PAIN}`, 'i'),
    new RegExp(String.raw`\b${PAIN}${near(3)}${JOINT}\b`, 'i'),
    /\b(?:back ?(?:pain|ache)|backache)\b/i,
    /\b(?:sharp|stabbing|shooting|searing|sudden|severe|persistent|constant|chronic|nagging|lingering|burning joint)\s+(?:\w+\s+)?pains?\b/i,
    /\bpains?\b.*\b(?:won'?t go away|doesn'?t go away|does not go away|for (?:days|weeks|a week|a month)|every ride|every time i (?:ride|pedal)|getting worse|keeps coming back)\b/i,
    /\b(?:injur\w*|sprain\w*|fractur\w*|broke my|broken (?:bone|collarbone|wrist|arm|leg|rib|hip)|tear in|ruptur\w*|dislocat\w*|tendinitis|tendonitis|tendinopathy|bursitis|sciatica|slipped disc|herniat\w*|stress fracture|pulled a muscle|saddle sores?|torn (?:ligament|muscle|acl|meniscus|tendon|cartilage|hamstring|calf))\b/i,
    /\b(?:had a crash|in a crash|crashed (?:my bike|on|into|out|off|hard|badly|yesterday|today|last|during)|came off (?:my|the) bike|fell off (?:my|the) bike|knocked off|hit by a (?:car|vehicle))\b/i,
    /\bhurts? (?:when|to|while|if) (?:i )?(?:pedal|ride|walk|stand|climb|bend|push)\w*/i,
  ],
};

const KG_PER: Record<string, number> = {
  kg: 1,
  kilo: 1,
  kilogram: 1,
  lb: 0.4536,
  pound: 0.4536,
  stone: 6.35,
};
const WEEKS_PER: Record<string, number> = { day: 1 / 7, week: 1, fortnight: 2, month: 4.35 };
const NUMBER = NUMBER_PATTERN;
const LOSS = String.raw`\b(?:lose|losing|lost|drop|dropping|shed|shedding|cut|cutting|get rid of)\s+(?:about\s+|around\s+)?${NUMBER}\s*(kg|kilo|kilogram|lb|pound|stone)s?\b`;
/** "lose 5 kg in two weeks", "drop 10 pounds before my race in 3 weeks" */
const WEIGHT_GOAL = new RegExp(
  String.raw`${LOSS}.{0,40}?\b(?:in|within|over|by|before|inside)\s+(?:the\s+next\s+|just\s+|only\s+)?${NUMBER}\s*(day|week|fortnight|month)s?\b`,
  'i',
);
/** "lose 2 kg a week", "drop a kilo per week" */
const WEIGHT_RATE = new RegExp(
  String.raw`${LOSS}\s+(?:a|per|each|every)\s+(day|week|fortnight|month)\b`,
  'i',
);

/** More than 1 kg a week: faster than a rider can lose without losing power and health. */
const MAX_SAFE_KG_PER_WEEK = 1;

const rapidWeightLoss = (text: string): boolean => {
  const goal = WEIGHT_GOAL.exec(text);
  const rate = WEIGHT_RATE.exec(text);
  const [amount, unit, periods, period] = goal
    ? [goal[1]!, goal[2]!, goal[3]!, goal[4]!]
    : rate
      ? [rate[1]!, rate[2]!, 'one', rate[3]!]
      : [];
  if (!amount || !unit || !periods || !period) return false;
  const kg = numberOf(amount) * KG_PER[unit.toLowerCase()]!;
  const weeks = numberOf(periods) * WEEKS_PER[period.toLowerCase()]!;
  return weeks > 0 && kg / weeks > MAX_SAFE_KG_PER_WEEK;
};

/** The red flags a message raises, most urgent first. */
export const redFlagsOf = (message: string): RedFlag[] => {
  const text = message.replace(/[’`]/g, "'");
  return RED_FLAGS.filter(
    (flag) =>
      PATTERNS[flag].some((pattern) => pattern.test(text)) || (flag === 'eating' && rapidWeightLoss(text)),
  );
};

/** The same rule in words, for the LLM's system prompt (the check above still runs first). */
export const COACH_SAFETY_RULE =
  'if the rider mentions chest pain, pressure or tightness, fainting, blacking out or dizziness during effort, palpitations or an irregular or racing heartbeat, breathlessness out of proportion to the effort, joint pain, sharp or persistent pain or an injury, numbness or tingling, a crash with a knock to the head, training with a fever or illness, or rapid weight loss or restrictive eating, give no training prescription at all (no watts, zones, intervals, sessions or distances). Tell them to stop (no training today for heart symptoms) and to see a doctor (the emergency services for chest pain, fainting or a head injury) or the right professional (a physiotherapist and a bike fit for overuse pain, a doctor or sports dietitian for eating and weight).';

const URGENT =
  'Stop riding now and get medical help straight away: call the emergency services if it is happening now or comes back, and do not ride again until a doctor has checked you.';

const ANSWERS: Record<RedFlag, { opening: string; advice: string }> = {
  chest: {
    opening:
      'Chest pain, pressure or tightness during or after effort is a warning sign, not a training matter.',
    advice: `${URGENT} Even if it has passed, see a doctor before your next ride and tell them exactly when it happened.`,
  },
  'heart-rhythm': {
    opening:
      'A racing, irregular or fluttering heartbeat that does not match the effort (palpitations) needs a doctor to look at it.',
    advice:
      'Do not train today. If it comes with chest pain, dizziness, fainting or breathlessness, call the emergency services; otherwise book a doctor soon, ideally with a note of when it happens, and keep riding off the menu until they have checked your heart.',
  },
  fainting: {
    opening: 'Fainting, blacking out or getting dizzy or light-headed during effort is a red flag.',
    advice: `${URGENT} A heart or circulation problem has to be ruled out first; a doctor can do that.`,
  },
  'head-injury': {
    opening: 'A knock to the head in a crash can be a concussion even if you felt fine afterwards.',
    advice:
      'Do not ride today. Get checked by a doctor, urgently (emergency services) with headache, vomiting, confusion, drowsiness, blurred vision or memory loss; replace the helmet, and return to riding only once a doctor clears you, step by step.',
  },
  breathing: {
    opening: 'Breathlessness out of proportion to the effort is not something to train through.',
    advice:
      'Stop and rest. If it comes with chest pain, dizziness or lips turning blue, call the emergency services; otherwise see a doctor before training again.',
  },
  illness: {
    opening:
      'With a fever or an illness your body needs its energy to fight it, and hard efforts can strain the heart; heat illness and dark or bloody urine after effort are emergencies of their own.',
    advice:
      'Do not train while you have a fever, body aches, chest symptoms or heat illness: rest until you have been well and fever-free for a couple of days, then ease back in gently. See a doctor if it is severe or lasts, and straight away for heat stroke signs (confusion, no sweating) or dark or bloody urine after a ride.',
  },
  eating: {
    opening:
      'Losing weight fast or cutting food hard costs power, health and bone strength, and can tip into disordered eating; I will not plan that.',
    advice:
      'Talk to your doctor or a registered sports dietitian, who can set a safe, gradual plan that still fuels your riding. If food or weight feels out of control, they can help with that too.',
  },
  numbness: {
    opening: 'Numbness or tingling (hands, feet, groin) is a sign of pressure on a nerve or blood vessel.',
    advice:
      'Stop riding when it happens, and see a doctor if it lasts after the ride, is on one side of the body, or comes with weakness; a professional bike fit usually fixes the saddle, bar and shoe pressure behind it.',
  },
  pain: {
    opening: 'Joint pain, sharp or persistent pain and injuries are not the normal burn of hard work.',
    advice:
      'Stop riding through it and rest the painful area; see a physiotherapist or sports doctor (a doctor first after a crash or with swelling), and book a professional bike fit: saddle height, cleats and reach cause most cycling overuse pain. Do not add distance or intensity until it is sorted.',
  },
};

const CLOSING =
  'I will not give you a training plan for this: a professional has to check it first. Once you are cleared, tell me and we will plan your return together.';

/**
 * The safe answer to a message that raises a red flag, or null when it raises none. The answer
 * stops training and points to a doctor or the right professional; it holds no training prescription.
 */
export const redFlagAnswer = (message: string): string | null => {
  const flags = redFlagsOf(message);
  if (!flags.length) return null;
  const parts = flags.slice(0, 3).flatMap((flag) => [ANSWERS[flag].opening, ANSWERS[flag].advice]);
  return [...new Set(parts)].join(' ') + `\n\n${CLOSING}`;
};

/** A short follow-up ("And tomorrow?", "So can I ride?") continues the previous message. */
const FOLLOW_UP_WORDS = 8;
const THANKS = /^\s*(?:thanks?|thank you|cheers|ta|will do|understood)\b/i;

/**
 * The safety answer for a message, or for a short follow-up to a message that raised a red flag
 * (so "and tomorrow?" after "chest pain" is never answered with a session). Null otherwise.
 */
export const safetyAnswer = (
  message: string,
  history: readonly { message: string }[] = [],
): string | null => {
  const own = redFlagAnswer(message);
  if (own) return own;
  const previous = history[history.length - 1];
  if (!previous || message.trim().split(/\s+/).length > FOLLOW_UP_WORDS || THANKS.test(message)) return null;
  const earlier = redFlagAnswer(previous.message);
  return earlier && `Going by what you told me just before, my answer stays the same. ${earlier}`;
};
