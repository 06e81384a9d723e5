import { redFlagAnswer, redFlagsOf, type RedFlag } from '../coach-safety.js';

/** Phrasings riders use, with the flag each must raise (typos and casual wording included). */
const RED_FLAG_QUESTIONS: [string, RedFlag][] = [
  ['I felt chest pain and got dizzy during hard intervals', 'chest'],
  ['my chest felt tight on the last climb, should I keep going?', 'chest'],
  ['Tightness in my chest during VO2 efforts, normal?', 'chest'],
  ['sharp chest pian at the top of the hill', 'chest'],
  ['There was a pressure across my chest when I sprinted', 'chest'],
  ['My chst hurts when I go hard', 'chest'],
  ['I got a pain down my left arm on the climb', 'chest'],
  ['Had some palpitations after my threshold session', 'heart-rhythm'],
  ['my heart was racing even after I stopped', 'heart-rhythm'],
  ['irregular heartbeat during the race, can I still train?', 'heart-rhythm'],
  ['My heart keeps skipping beats on easy rides', 'heart-rhythm'],
  ['heart fluttering when I climb', 'heart-rhythm'],
  ['My heart rate would not come down after the sprint and stayed at 190', 'heart-rhythm'],
  ['I blacked out for a second at the end of a sprint', 'fainting'],
  ['Nearly fainted after the climb', 'fainting'],
  ['I passed out after my ride yesterday', 'fainting'],
  ['I get dizy when I stand up to sprint', 'fainting'],
  ['feeling light-headed during intervals', 'fainting'],
  ['the room was spinning after my hard effort', 'fainting'],
  ['my vision went black on the last rep', 'fainting'],
  ['I hit my head when I crashed on Sunday, can I ride tomorrow?', 'head-injury'],
  ['crashed yesterday and my helmet cracked', 'head-injury'],
  ['Think I have a concussion from a fall', 'head-injury'],
  ['Fell off at 20 mph and banged my head', 'head-injury'],
  ["I can't catch my breath even on easy rides", 'breathing'],
  ['short of breath on flat easy spins lately', 'breathing'],
  ['I get breathless walking up the stairs since last week', 'breathing'],
  ['wheezing a lot on cold rides', 'breathing'],
  ['I have a fever, can I still do intervals?', 'illness'],
  ['Got the flu, is a recovery ride OK?', 'illness'],
  ["I'm sick, should I still do my long ride?", 'illness'],
  ['I have a cold and a sore throat, can I train?', 'illness'],
  ['Tested positive for covid, when can I race?', 'illness'],
  ['running a temperature but I have a race on Sunday', 'illness'],
  ['How can I lose 5 kg in two weeks?', 'eating'],
  ['should I stop eating carbs to drop weight fast', 'eating'],
  ['what is the fastest way to lose weight before my race', 'eating'],
  ['I want to drop 10 pounds in 3 weeks for a hill climb', 'eating'],
  ['Is 800 calories a day enough if I ride every day?', 'eating'],
  ['I skip meals to stay light, is that ok?', 'eating'],
  ['lose weight quickly for the club race', 'eating'],
  ['knee pain after long rides', 'pain'],
  ['My knees hurt when I climb out of the saddle', 'pain'],
  ['lower back ache after 2 hours on the bike', 'pain'],
  ['sharp pain on the outside of my knee', 'pain'],
  ['I have had pain in my hip for weeks now', 'pain'],
  ['my achilles is sore after every ride', 'pain'],
  ['I have a nagging pain behind my kneecap', 'pain'],
  ['I crashed hard yesterday, can I still ride today?', 'pain'],
  ['Is it ok to ride with a sprained ankle?', 'pain'],
  ['numb toes on long rides', 'numbness'],
  ['my hands go numb after an hour', 'numbness'],
  ['tingling in my feet during long climbs', 'numbness'],
  ['pins and needles in my fingers on the hoods', 'numbness'],
  ['Felt a crushing feeling in my chest on the climb', 'chest'],
  ["my heart feels like it's skipping", 'heart-rhythm'],
  ['my heart rate was racing at rest for no reason', 'heart-rhythm'],
  ['I saw black spots and almost passed out', 'fainting'],
  ['Had a crash and my head hurts', 'head-injury'],
  ['my wrist is swollen after the fall', 'pain'],
  ['my IT band is killing me', 'pain'],
  ['Neck hurts after 2 hours on the bike', 'pain'],
  ["I'm recovering from covid, can I train?", 'illness'],
  ['How do I lose 10 kg in a month', 'eating'],
  ['Is fasting for 3 days ok to lose weight before the race?', 'eating'],
  ['how many calories should I eat to lose 2 kg a week', 'eating'],
  ['sharp cheast pain on the turbo', 'chest'],
  ['I think I have a conncussion', 'head-injury'],
  ['knee pian on the left side', 'pain'],
  ['I think I had heat stroke on the ride, I stopped sweating', 'illness'],
  ['my pee was dark brown after the race', 'illness'],
];

/** Ordinary training questions: no alarm. */
const ORDINARY_QUESTIONS = [
  'How do I pace a hill climb?',
  'my legs feel heavy',
  'How painful should VO2 intervals feel?',
  'My legs burn on the last interval, is that normal?',
  'Is it normal for hard intervals to hurt?',
  'My legs are sore after yesterday’s session',
  'What should I eat before a long ride?',
  'I want to lose some weight',
  'How do I lose 5 kg over the next 10 weeks?',
  'I’m starving after long rides, how should I fuel?',
  'My chest strap heart rate reads too high at the start',
  'Why is my heart rate data missing on Tuesday’s ride?',
  'My heart rate was high on my last ride, why?',
  'What is my normalized power and TSS on my last ride?',
  'How many calories did I burn on Saturday’s ride?',
  'How much did I ride in the last 4 weeks?',
  'How can I improve my climbing?',
  'How often should I do interval training?',
  'Should I ride hard the day after a rest day?',
  'I am sick of riding indoors, how do I stay motivated?',
  'I crash energy-wise after 2 hours, what should I eat?',
  'Can I ride in high temperatures?',
  'How many numbers should I watch on my head unit?',
  'Is my back wheel too heavy for climbing?',
  'I’m torn between a power meter and a smart trainer',
  'I have a 100 km sportive on 12 June',
  'My power collapsed at the end of the race',
  'How do I breathe better on climbs?',
  'What cadence should I spin at on a flat?',
  'How do I build endurance for a century?',
  'my heart rate races up on climbs, is that normal?',
  'How do I avoid a crash in a group ride?',
  'How do I cut weight for climbing season?',
  'How hard should a threshold interval feel? It hurts!',
  'My heart rate is higher than usual on easy rides',
  'cold weather riding tips',
  'I got sick of zone 2 rides',
  'Best way to lose weight while keeping power?',
  'What does a heart rate of 180 mean for my zones?',
  'How do I lose half a kilo a week without losing power?',
  'lose 2 kg over 3 months, is that realistic?',
  'What is cardiac drift and should I worry about it on long rides?',
  'My foot clicks out of the pedal when I sprint',
];

/** Words that would make an answer a training prescription. */
const PRESCRIPTION =
  /\b\d+\s*W\b|\bwatts?\b|\bzones?\b|\bintervals?\b|\bFTP\b|\bsweet ?spot\b|\bthreshold\b|\bVO2|\brpm\b|\bbpm\b|\bx\s*\d+\s*min\b|\d+\s*min(?:utes)?\b/i;

describe('the chat’s red-flag check', () => {
  it.each(RED_FLAG_QUESTIONS)('recognises "%s" (%s)', (message, flag) => {
    expect(redFlagsOf(message)).toContain(flag);
  });

  it.each(RED_FLAG_QUESTIONS)(
    'answers "%s" safely: stop, see a professional, no prescription',
    (message, flag) => {
      const answer = redFlagAnswer(message)!;
      expect(answer).not.toBeNull();
      expect(answer).toMatch(/doctor|physiotherapist|dietitian|emergency/);
      if (flag !== 'eating') expect(answer).toMatch(/\b(?:[Ss]top|[Dd]o not (?:train|ride)|[Rr]est)\b/);
      expect(answer).not.toMatch(PRESCRIPTION);
    },
  );

  it('sends chest pain, fainting and head injuries to urgent care and cardiac signs to no training today', () => {
    for (const message of [
      'I felt chest pain and got dizzy during hard intervals',
      'I blacked out for a second at the end of a sprint',
    ])
      expect(redFlagAnswer(message)).toMatch(/emergency services/);
    expect(redFlagAnswer('I hit my head when I crashed')).toMatch(
      /emergency services.*Do not ride today|Do not ride today.*emergency services/s,
    );
    expect(redFlagAnswer('Had some palpitations after my threshold session')).toContain('Do not train today');
  });

  it('sends overuse pain to a physiotherapist and a bike fit, and eating to a doctor or dietitian', () => {
    expect(redFlagAnswer('knee pain after long rides')).toMatch(/physiotherapist.*bike fit/s);
    expect(redFlagAnswer('How can I lose 5 kg in two weeks?')).toMatch(/sports dietitian/);
    expect(redFlagAnswer('numb toes on long rides')).toMatch(/bike fit/);
  });

  it('names every flag of a message with several', () => {
    expect(redFlagsOf('I felt chest pain and got dizzy during hard intervals')).toEqual([
      'chest',
      'fainting',
    ]);
    const answer = redFlagAnswer('I felt chest pain and got dizzy during hard intervals')!;
    expect(answer).toMatch(/Chest pain/);
    expect(answer).toMatch(/dizzy or light-headed/);
  });

  it('checks a 2,000-character message quickly', () => {
    const long = 'my back wheel and knee warmers chest strap heart rate data lose kg in weeks '
      .repeat(26)
      .slice(0, 2000);
    const started = performance.now();
    redFlagsOf(long);
    redFlagsOf('a'.repeat(2000));
    redFlagsOf(`${' '.repeat(1990)}x`);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it.each(ORDINARY_QUESTIONS)('does not raise an alarm on "%s"', (message) => {
    expect(redFlagsOf(message)).toEqual([]);
    expect(redFlagAnswer(message)).toBeNull();
  });
});
