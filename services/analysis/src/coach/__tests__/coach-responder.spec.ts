import {
  newHistory,
  newRide,
  newRider,
  SCENARIOS,
  withoutPower,
} from '../../engine/__tests__/ride-input.factory.js';
import type { RideSummary } from '../../engine/ride-analysis-input.js';
import { checkNumbers } from '../../facts/number-check.js';
import { numberFactsOf } from '../../facts/number-facts.js';
import { CoachResponder } from '../coach-chat.provider.js';
import type { ChatTurn, CoachContext } from '../coach-question.js';
import { answerQuestion, coachReply } from '../coach-responder.js';
import { topicsOf } from '../coach-topics.js';

const QUICK_QUESTIONS = [
  'How can I improve my climbing?',
  "What's the best cadence for endurance rides?",
  'How often should I do interval training?',
  'What should I eat before a long ride?',
];

const hills: RideSummary = {
  ...newHistory(1, { before: '2025-06-14T07:30:00Z' })[0]!,
  id: 'hills',
  name: 'Mont Ventoux day',
  startDate: '2025-06-08T07:00:00Z',
  distanceM: 64_000,
  movingTimeS: 4 * 3600 + 20 * 60,
  elevationGainM: 1_900,
  averageSpeedMps: 64_000 / (4 * 3600 + 20 * 60),
  averageCadence: 70,
  averageWatts: 205,
  normalizedPower: 214,
  intensityFactor: 0.79,
  tss: 270,
  kilojoules: 3198,
};

const riderContext = (overrides: Partial<CoachContext> = {}): CoachContext => ({
  rider: newRider(),
  recentRides: [newRide(), hills, ...newHistory(14, { before: '2025-06-08T07:00:00Z' })],
  trends: {
    weeks: [],
    improvements: { powerImprovement: 6.4, heartRateEfficiency: 3.1, cadenceConsistency: 2 },
  },
  goals: SCENARIOS['endurance with 8% decoupling']!.goals,
  ...overrides,
});

const ask = (message: string, context = riderContext(), history: ChatTurn[] = []) =>
  answerQuestion({ context, message, history, asOf: '2025-06-14T12:00:00Z' });

describe('the coach chat responder', () => {
  it('answers "How can I improve my climbing?" from the rider’s hilliest ride, W/kg and FTP', () => {
    const answer = ask(QUICK_QUESTIONS[0]!);
    expect(answer).toContain('"Mont Ventoux day"');
    expect(answer).toContain('6233.60 ft of climbing over 39.77 mi');
    expect(answer).toContain('3.75 W/kg');
    expect(answer).toMatch(/4 x 6 min seated at 257-284 W/);
  });

  it('answers the cadence question with the rider’s own endurance cadence and a named ride', () => {
    const answer = ask(QUICK_QUESTIONS[1]!);
    expect(answer).toMatch(/On your easier rides you average \d+ rpm/);
    expect(answer).toMatch(/on "[^"]+" \([A-Z][a-z]{2} \d+, 2025\) it was \d+ rpm/);
    expect(answer).toContain('85-95 rpm');
  });

  it('flags a low cadence on the cadence question', () => {
    const slow = riderContext({
      recentRides: newHistory(8, {
        before: '2025-06-14T07:30:00Z',
        averageCadence: 72,
        intensityFactor: 0.65,
      }),
    });
    expect(ask(QUICK_QUESTIONS[1]!, slow)).toMatch(/At 72 rpm you are pushing bigger gears than you need/);
  });

  it('answers how often to do intervals from the rider’s volume and hard sessions, in their watts', () => {
    const answer = ask(QUICK_QUESTIONS[2]!);
    expect(answer).toMatch(/In the last four weeks you rode \d+ times, about \d+\.\d{2} hours a week/);
    expect(answer).toMatch(/\d+(-\d+)? interval sessions a week is right/);
    expect(answer).toMatch(/\d+-\d+ W \(95-105% of FTP\)/);
  });

  it('answers what to eat before a long ride with grams for the rider’s weight and longest ride', () => {
    const answer = ask(QUICK_QUESTIONS[3]!);
    expect(answer).toContain('"Mont Ventoux day"');
    expect(answer).toContain('72-144 g of carbohydrate');
    expect(answer).toContain('260-390 g in total');
    // kJ from the recorded power, kcal an estimate from it (24% efficiency)
    expect(answer).toContain(
      `took 3198 kJ of work, an estimated ${Math.round(3198 / (0.24 * 4.184))} kcal burned`,
    );
  });

  it('uses heart rate for prescriptions when the rider has no FTP, and says nothing about watts', () => {
    const context = riderContext({
      rider: newRider({ ftpWatts: null, ftpSource: null }),
      recentRides: newHistory(10, { before: '2025-06-14T07:30:00Z', ...withoutPowerSummary() }),
    });
    const answer = ask(QUICK_QUESTIONS[2]!, context);
    expect(answer).toMatch(/heart rate at \d+-\d+ bpm/);
    expect(answer).not.toMatch(/\d W\b|W\/kg/);
  });

  it('gives general advice, and says so, to a rider without rides', () => {
    const answer = ask(QUICK_QUESTIONS[0]!, riderContext({ recentRides: [], goals: [] }));
    expect(answer).toMatch(/no rides from you yet/);
    expect(answer).toMatch(/climb repeats/);
  });

  it.each([
    ['My legs feel tired and sore', /sleep/i],
    ['How should I pace a long ride?', /variability index|Start easier/],
    ['Is my FTP right? When should I test?', /Your FTP is 270 W/],
    ['I want to lose some weight', /W\/kg|half a percent of your weight/],
    ['How many rest days should I take?', /rest days? a week|of the last 14 days/],
    ['How do I prepare for a gran fondo?', /[Tt]aper/],
    ['Any tips for Zwift sessions on the trainer?', /fan|no coasting/],
    ['How do I build more endurance?', /70-80% of your riding time in zones 1-2/],
    ['Am I on track for my goals?', /Ride 500 miles this summer/],
  ])('answers "%s" on its topic', (message, expected) => {
    expect(ask(message)).toMatch(expected);
  });

  it('says it cannot tell an unrelated question from the rides, with what it can answer and the rider’s training', () => {
    const answer = ask('Should I buy a new bike this year?');
    expect(answer).toMatch(/^I can't tell that from your rides/);
    expect(answer).toMatch(/preparing for an event/);
    expect(answer).toMatch(/In the last four weeks: \d+ rides/);
    expect(answer).toMatch(/power up 6%/);
  });

  it('does not repeat itself when asked the same question again', () => {
    const first = ask(QUICK_QUESTIONS[0]!);
    const second = ask(QUICK_QUESTIONS[0]!, riderContext(), [
      { message: QUICK_QUESTIONS[0]!, response: first },
    ]);
    const bullets = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));
    expect(bullets(second).length).toBeGreaterThan(0);
    expect(bullets(second).filter((line) => bullets(first).includes(line))).toEqual([]);
    expect(second).not.toContain('Your hilliest recent ride was');
  });

  it('keeps the topic for a follow-up question', () => {
    const first = ask(QUICK_QUESTIONS[3]!);
    const followUp = ask('And afterwards?', riderContext(), [
      { message: QUICK_QUESTIONS[3]!, response: first },
    ]);
    expect(followUp).toMatch(/protein|electrolytes/);
  });

  it('recognises the four quick questions’ topics', () => {
    expect(QUICK_QUESTIONS.map((q) => topicsOf(q)[0])).toEqual([
      'climbing',
      'cadence',
      'intervals',
      'nutrition',
    ]);
  });

  it('answers "Am I getting fitter?" from the dashboard’s 12-week trends', () => {
    const weeks = ['2025-03-24', '2025-04-21', '2025-05-19', '2025-06-09'].map((date, i) => ({
      date,
      power: [188, 201, 212, 207][i]!,
      heartRate: 141,
      cadence: 87,
    }));
    const context = riderContext({
      trends: {
        weeks,
        improvements: { powerImprovement: 6.4, heartRateEfficiency: -3.1, cadenceConsistency: null },
      },
    });
    const answer = ask('Am I getting fitter?', context);
    expect(answer).toContain('power up 6% and heart-rate efficiency down 3%');
    expect(answer).toContain('week of May 19, 2025, at 212 W');
    expect(answer).toContain('Fewer watts per heartbeat (down 3%)');
    expect(answer).not.toContain('cadence consistency');
  });

  it('says so when the trends cannot be measured yet', () => {
    const answer = ask('What are my trends?', riderContext({ trends: null }));
    expect(answer).toContain('I cannot see a trend yet');
    expect(answer).not.toContain('12-week trends');
  });

  it('is available as a provider', async () => {
    const responder = new CoachResponder();
    expect(responder.name).toBe('engine');
    await expect(
      responder.answer({ context: riderContext(), message: QUICK_QUESTIONS[0]!, history: [] }),
    ).resolves.toContain('Mont Ventoux day');
  });
});

describe('every number of a how-to answer is one of its facts', () => {
  const TOPIC_QUESTIONS = [
    ...QUICK_QUESTIONS,
    'My legs feel tired and sore',
    'How should I pace a long ride?',
    'Is my FTP right? When should I test?',
    'I want to lose some weight',
    'How many rest days should I take?',
    'How do I prepare for a gran fondo?',
    'Any tips for Zwift sessions on the trainer?',
    'How do I build more endurance?',
    'Am I on track for my goals?',
    'Am I getting fitter?',
    'Hi coach',
    'Should I buy a new bike this year?',
  ];
  const contexts: [string, CoachContext][] = [
    ['a rider with power, FTP and weight', riderContext()],
    [
      'a rider without power or FTP',
      riderContext({
        rider: newRider({ ftpWatts: null, ftpSource: null }),
        recentRides: newHistory(10, { before: '2025-06-14T07:30:00Z', ...withoutPowerSummary() }),
      }),
    ],
    [
      'an indoor rider with neither thresholds nor weight, riding daily at a low cadence',
      riderContext({
        rider: newRider({ ftpWatts: null, ftpSource: null, thresholdHeartrate: null, weightKg: null }),
        recentRides: newHistory(30, {
          before: '2025-06-14T07:30:00Z',
          everyDays: 1,
          indoor: true,
          averageCadence: 72,
        }),
      }),
    ],
    ['a new rider', riderContext({ recentRides: [], goals: [], trends: null })],
    [
      'a rider beating an estimated FTP at a high cadence',
      riderContext({
        rider: newRider({ ftpSource: 'estimated', weightKg: 81.3 }),
        recentRides: newHistory(25, {
          before: '2025-06-14T07:30:00Z',
          everyDays: 1,
          intensityFactor: 1.02,
          averageCadence: 104,
        }),
      }),
    ],
  ];
  it.each(contexts)('holds for %s', (_, context) => {
    for (const message of TOPIC_QUESTIONS) {
      const reply = coachReply({ context, message, history: [], asOf: '2025-06-14T12:00:00Z' });
      const { wrong, checked } = checkNumbers(reply.text, numberFactsOf(reply.facts));
      expect({ message, wrong }).toEqual({ message, wrong: [] });
      if (context.recentRides.length && message !== 'Hi coach') expect(checked).toBeGreaterThan(0);
    }
  });
});

function withoutPowerSummary(): Partial<RideSummary> {
  const { averageWatts, normalizedPower, intensityFactor, tss } = withoutPower;
  return { averageWatts, normalizedPower, intensityFactor, tss };
}
