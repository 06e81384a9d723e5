import { metresToFeet, metresToMiles } from '@domestique/proto';
import { newHistory, newRider } from '../../engine/__tests__/ride-input.factory.js';
import { checkNumbers } from '../../facts/number-check.js';
import { numberFactsOf } from '../../facts/number-facts.js';
import type { CoachContext, CoachRide } from '../coach-question.js';
import { answerQuestion, coachReply } from '../coach-responder.js';
import { redFlagAnswer } from '../coach-safety.js';

const AS_OF = '2025-06-14T20:00:00Z'; // a Saturday
const DAY = 86_400_000;

/** 40 rides, one a day back from Jun 13, each with its own work in kJ: more than the 20 recent rides. */
const WINDOW: CoachRide[] = newHistory(40, { before: '2025-06-14T18:00:00Z', everyDays: 1 }).map(
  (ride, i) => ({
    ...ride,
    id: `w-${i}`,
    name: `${ride.name} ${i}`,
    kilojoules: 900 + i * 37,
  }),
);

const context = (overrides: Partial<CoachContext> = {}): CoachContext => ({
  rider: newRider(),
  recentRides: WINDOW.slice(0, 20),
  windowRides: WINDOW,
  windowStart: new Date(Date.parse(AS_OF) - 400 * DAY).toISOString(),
  windowComplete: true,
  trends: {
    weeks: [],
    improvements: { powerImprovement: 6.4, heartRateEfficiency: 3.1, cadenceConsistency: null },
  },
  goals: [],
  ...overrides,
});

const reply = (message: string, ctx = context()) =>
  coachReply({ context: ctx, message, history: [], asOf: AS_OF });

/** Every number of a reply is one of its facts, rounded as written (facts/number-check.ts). */
const expectChecked = (message: string, ctx = context()) => {
  const r = reply(message, ctx);
  const check = checkNumbers(r.text, numberFactsOf(r.facts));
  expect({ message, text: r.text, wrong: check.wrong }).toEqual({ message, text: r.text, wrong: [] });
  return r;
};

const since = (days: number) =>
  WINDOW.filter((r) => Date.parse(r.startDate) >= Date.parse(AS_OF) - days * DAY);
/** as the cards show durations: whole minutes, rounded down */
const hm = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
};
const kcal = (kj: number) => Math.round(kj / (0.24 * 4.184));

describe('the chat answers data questions from the rider’s rides', () => {
  it('gives the last ride’s normalized power and TSS', () => {
    const last = WINDOW[0]!;
    const r = expectChecked('What was my normalized power and TSS on my last ride?');
    expect(r.intent).toBe('data');
    expect(r.text).toContain(`"${last.name}"`);
    expect(r.text).toContain(`normalized power ${Math.round(last.normalizedPower!)} W`);
    expect(r.text).toContain(`TSS ${Math.round(last.tss!)}`);
    expect(r.text).not.toMatch(/FTP|test it/i);
  });

  it('answers a follow-up ("And the IF?") about the same ride', () => {
    const last = WINDOW[0]!;
    const first = 'What was my normalized power on my last ride?';
    const r = coachReply({
      context: context(),
      message: 'And the IF?',
      history: [{ message: first, response: reply(first).text }],
      asOf: AS_OF,
    });
    expect(r.intent).toBe('data');
    expect(r.text).toContain(`IF ${last.intensityFactor!.toFixed(2)}`);
  });

  it('estimates the calories of Wednesday’s ride from its recorded work, and says it is an estimate', () => {
    const wednesday = WINDOW.find((r) => r.startDate.startsWith('2025-06-11'))!;
    const r = expectChecked('How many calories did I burn on Wednesday’s ride?');
    expect(r.text).toContain(`"${wednesday.name}"`);
    expect(r.text).toContain(`about ${kcal(wednesday.kilojoules!)} kcal`);
    expect(r.text).toContain(`${wednesday.kilojoules} kJ`);
    expect(r.text).toMatch(/estimate/);
  });

  it('reads "Saturday’s ride" on a Saturday without a ride yet as last Saturday’s', () => {
    const saturday = WINDOW.find((r) => r.startDate.startsWith('2025-06-07'))!;
    expect(expectChecked('What was the average power of Saturday’s ride?').text).toContain(
      `average power ${Math.round(saturday.averageWatts!)} W`,
    );
  });

  it('finds yesterday’s ride and its distance and duration', () => {
    const yesterday = WINDOW.find((r) => r.startDate.startsWith('2025-06-13'))!;
    const text = expectChecked('How far and how long was yesterday’s ride?').text;
    expect(text).toContain(`${metresToMiles(yesterday.distanceM).toFixed(2)} mi`);
    expect(text).toContain(hm(yesterday.movingTimeS));
  });

  it('says a ride without a power meter has no NP, TSS or calories, instead of guessing', () => {
    const noPower: CoachRide = {
      ...WINDOW[0]!,
      id: 'no-power',
      name: 'Commute',
      startDate: '2025-06-14T07:00:00Z',
      averageWatts: null,
      normalizedPower: null,
      intensityFactor: null,
      tss: null,
      kilojoules: null,
    };
    const text = expectChecked(
      'What was my TSS and how many calories did I burn on my last ride?',
      context({ windowRides: [noPower, ...WINDOW] }),
    ).text;
    expect(text).toContain('"Commute"');
    expect(text).toMatch(/no TSS \(it was recorded without a power meter\)/);
    expect(text).toMatch(/no calorie estimate/);
  });

  it('totals the last 4 weeks from every ride of the window, not the 20 recent ones', () => {
    const rides = since(28);
    expect(rides.length).toBeGreaterThan(20);
    const text = expectChecked('How many hours and miles did I ride in the last 4 weeks?').text;
    expect(text).toContain(`${rides.length} rides`);
    expect(text).toContain(`${hm(rides.reduce((t, r) => t + r.movingTimeS, 0))} of moving time`);
    const miles = metresToMiles(rides.reduce((t, r) => t + r.distanceM, 0));
    expect(text).toContain(
      `That is ${hm(rides.reduce((t, r) => t + r.movingTimeS, 0) / 4)} and ${(Math.round((miles / 4) * 100) / 100).toFixed(2)} mi a week on average.`,
    );
  });

  it('totals distance, climbing, TSS and calories of a period in miles and feet, or km when asked in km', () => {
    const month = WINDOW.filter((r) => r.startDate.startsWith('2025-06'));
    const miles = metresToMiles(month.reduce((t, r) => t + r.distanceM, 0)).toFixed(2);
    expect(expectChecked('How far did I ride this month?').text).toContain(`${miles} mi`);
    const thirty = WINDOW.filter((r) => Date.parse(r.startDate) >= Date.parse('2025-05-16T00:00:00Z'));
    const km = (thirty.reduce((t, r) => t + r.distanceM, 0) / 1000).toFixed(2);
    expect(expectChecked('How many km did I do in the last 30 days?').text).toContain(`${km} km`);
    const feet = metresToFeet(month.reduce((t, r) => t + r.elevationGainM, 0)).toFixed(2);
    expect(expectChecked('How much climbing have I done this month?').text).toContain(`${feet} ft`);
    const tss = Math.round(since(7).reduce((t, r) => t + r.tss!, 0));
    expect(expectChecked('What was my total TSS in the last 7 days?').text).toContain(`${tss} TSS`);
    const kj = since(14).reduce((t, r) => t + r.kilojoules!, 0);
    expect(expectChecked('How many calories did I burn in the last 2 weeks?').text).toContain(
      `about ${kcal(kj)} kcal`,
    );
  });

  it('counts the rides of this week, since Monday', () => {
    const week = WINDOW.filter((r) => r.startDate >= '2025-06-09');
    expect(expectChecked('How many rides have I done this week?').text).toContain(`${week.length} rides`);
  });

  it('names the best ride of a period and the criterion it was ranked by', () => {
    const month = WINDOW.filter((r) => r.startDate.startsWith('2025-06') && r.movingTimeS >= 1200);
    const best = month.reduce((a, b) => (b.normalizedPower! > a.normalizedPower! ? b : a));
    const text = expectChecked('What was my best ride this month?').text;
    expect(text).toMatch(/^By normalized power/);
    expect(text).toContain(`"${best.name}"`);
    const longest = WINDOW.reduce((a, b) => (b.distanceM > a.distanceM ? b : a));
    expect(expectChecked('What is my longest ride this year?').text).toContain(`"${longest.name}"`);
  });

  it('totals this year from every ride of the window, and says so when the window was capped', () => {
    const year = WINDOW.filter((r) => r.startDate.startsWith('2025'));
    const text = expectChecked('How many rides and hours this year?').text;
    expect(text).toContain(`This year (since Jan 1, 2025): ${year.length} rides`);
    expect(text).toContain(`${hm(year.reduce((t, r) => t + r.movingTimeS, 0))} of moving time`);
    expect(reply('How many rides this year?', context({ windowComplete: false })).text).toMatch(
      /more rides than I can read at once/,
    );
  });

  it('says which rides it cannot see when a period reaches before the window', () => {
    const text = reply(
      'How many hours did I ride this year?',
      context({ windowStart: '2025-05-01T00:00:00Z' }),
    ).text;
    expect(text).toMatch(/I can only see your rides since May 1, 2025/);
  });

  it('answers "am I getting fitter?" with the numbers behind it', () => {
    const r = expectChecked('Am I getting fitter?');
    expect(r.text).toContain('power up 6% and heart-rate efficiency up 3%');
    const last = since(28);
    const previous = since(56).filter((ride) => !last.includes(ride));
    const weekly = (rides: CoachRide[]) => hm(rides.reduce((t, ride) => t + ride.movingTimeS, 0) / 4);
    const tss = (rides: CoachRide[]) => Math.round(rides.reduce((t, ride) => t + ride.tss!, 0) / 4);
    expect(r.text).toContain(
      `Your last 4 weeks against the 4 before them: ${weekly(last)} of riding a week against ${weekly(previous)} and ${tss(last)} TSS a week against ${tss(previous)} (${last.length} rides against ${previous.length})`,
    );
  });
});

describe('the chat prepares a rider for an event', () => {
  const last4 = since(28);
  const longest = last4.reduce((a, b) => (b.distanceM > a.distanceM ? b : a));

  it('outlines a 100 km sportive from the rider’s load, in km', () => {
    const r = expectChecked('I have a 100 km sportive on 12 July, how should I prepare?');
    expect(r.intent).toBe('event');
    expect(r.text).toContain('28 days away (4 full weeks)');
    expect(r.text).toContain(`${(Math.round(longest.distanceM / 10) / 100).toFixed(2)} km`);
    expect(r.text).toContain('80.00 km (80% of the event)');
    const weekly = last4.reduce((t, r) => t + r.movingTimeS, 0) / 3600 / 4;
    expect(r.text).toContain(`${weekly.toFixed(2)} hours`);
    expect(r.text).toMatch(/Taper in the final week/);
    expect(r.text).not.toMatch(/\d\s?W\b/);
  });

  it('outlines a century in 8 weeks in miles', () => {
    const r = expectChecked('Century in 8 weeks, what should I do?');
    expect(r.intent).toBe('event');
    expect(r.text).toContain('100.00 mi event');
    expect(r.text).toContain('56 days away (8 full weeks)');
    expect(r.text).toContain('80.00 mi');
    expect(r.text).toContain(`${metresToMiles(longest.distanceM).toFixed(2)} mi`);
  });

  it('keeps a ride already ridden out of event preparation', () => {
    expect(reply('I rode a 100 km sportive on Saturday, what was my NP?').intent).toBe('data');
  });
});

describe('the chat is honest about what it cannot tell', () => {
  it.each([
    'What will the weather be on Sunday?',
    'Which tyres should I buy for my gravel bike?',
    'What was my sleep score last night?',
    'How many steps did I do yesterday?',
    'What is my resting heart rate?',
  ])('says it cannot tell "%s" from the rides, and what it can answer', (message) => {
    const r = expectChecked(message);
    expect(r.intent).toBe('unknown');
    expect(r.text).toMatch(/^I can't tell that from your rides/);
    expect(r.text).toMatch(/totals for a period/);
  });
});

describe('the chat answers how-to questions on sprinting and warming up', () => {
  it.each([
    ['How do I get better at sprinting?', /sprints of 10-15 s/],
    ['How should I warm up before intervals?', /10 minutes easy/],
  ])('answers "%s" with advice whose numbers are all checked', (message, advice) => {
    const r = expectChecked(message);
    expect(r.intent).toBe('topic');
    expect(r.text).toMatch(advice);
  });

  it('still gives sleep advice when asked how to sleep, not what the sleep data was', () => {
    expect(reply('How much sleep do I need after hard days?').intent).toBe('topic');
  });
});

describe('safety comes first in the chat', () => {
  it('keeps a short follow-up to a red flag safe, and does not continue its topic later', () => {
    const flagged = 'I felt chest pain during my intervals';
    const history = [{ message: flagged, response: redFlagAnswer(flagged)! }];
    const followUp = coachReply({
      context: context(),
      message: 'So what intervals tomorrow?',
      history,
      asOf: AS_OF,
    });
    expect(followUp.intent).toBe('safety');
    expect(followUp.text).toContain(redFlagAnswer(flagged)!);
    const later = coachReply({ context: context(), message: 'And afterwards?', history, asOf: AS_OF });
    expect(later.text).not.toMatch(/\d\s?W\b/);
    const fresh = coachReply({
      context: context(),
      message: 'How do I pace a hill climb when I am fully recovered and cleared by my doctor?',
      history,
      asOf: AS_OF,
    });
    expect(fresh.intent).not.toBe('safety');
  });

  it.each([
    'I felt chest pain and got dizzy during hard intervals, what sessions should I do next?',
    'knee pain after long rides, how much longer should my long ride be?',
    'I have a fever, can I still do intervals?',
  ])('answers "%s" with the safety answer only', (message) => {
    const r = reply(message);
    expect(r.intent).toBe('safety');
    expect(answerQuestion({ context: context(), message, history: [], asOf: AS_OF })).toBe(
      redFlagAnswer(message),
    );
    expect(r.text).not.toMatch(/\d\s?W\b|zones?\b|FTP|\bsessions? at\b/);
  });
});
