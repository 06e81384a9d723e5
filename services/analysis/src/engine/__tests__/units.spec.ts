import fc from 'fast-check';
import type { UnitSystem } from '@domestique/proto';
import { coachReply } from '../../coach/coach-responder.js';
import type { CoachContext } from '../../coach/coach-question.js';
import { checkNumbers } from '../../facts/number-check.js';
import { numberFactsOf, rideFeedbackNumberFacts } from '../../facts/number-facts.js';
import { rideFeedbackMessages, unitsRule } from '../../llm/llm-prompts.js';
import { buildRideFacts } from '../../facts/ride-facts.js';
import { analyseRide } from '../coach-engine.js';
import { unitFormat } from '../format.js';
import type { RideAnalysisInput, RideSummary } from '../ride-analysis-input.js';
import { newGoal, newHistory, newInput, newRide, newRider, rideInputArb } from './ride-input.factory.js';

/**
 * The rider's units setting: a metric rider's feedback and chat answers write km, m and km/h (2
 * decimals, as the screens do), an imperial rider's are unchanged, and the number checker accepts
 * the metric values computed from the same data and refuses wrong ones in both systems.
 */

const NOW = new Date('2025-06-20T12:00:00Z');
const ASKED = '2025-06-14T12:00:00Z';
/** a number written in miles, feet or mph, or a climbing rate per mile */
const IMPERIAL = /\d\s?(?:mi|miles?|ft|feet|mph)\b|per mile\b/;
/** the text without the quoted names and titles (the rider's own words: "Ride 500 miles this summer") */
const unquoted = (text: string): string => text.replace(/"[^"]*"/g, '""');

const inUnits = (input: RideAnalysisInput, units: UnitSystem): RideAnalysisInput => ({
  ...input,
  rider: { ...input.rider, units },
});
const feedbackText = (input: RideAnalysisInput): string => Object.values(analyseRide(input, NOW)).join('\n');
const wrongIn = (text: string, input: RideAnalysisInput): string[] =>
  checkNumbers(text, rideFeedbackNumberFacts(input, NOW)).wrong.map((w) => w.text);

/** 64 km with 900 m of climbing, a 500-mile goal counting it */
const hillyRide = newInput({ distanceM: 64_000, elevationGainM: 900, movingTimeS: 9000, elapsedTimeS: 9400 });

describe('units: how the coach writes distances, climbing and speeds', () => {
  it('formats each measure in the rider’s units with 2 decimals (imperial when unknown)', () => {
    const imperial = unitFormat('imperial');
    expect([imperial.distance(40_000), imperial.elevation(500), imperial.speed(8.1)]).toEqual([
      '24.85 mi',
      '1640.42 ft',
      '18.12 mph',
    ]);
    expect(imperial.climbRate(75)).toBe('75 ft per mile');
    const metric = unitFormat('metric');
    expect([metric.distance(40_000), metric.elevation(500), metric.speed(8.1)]).toEqual([
      '40.00 km',
      '500.00 m',
      '29.16 km/h',
    ]);
    expect(metric.climbRate(75)).toBe('14 m per km');
    expect(unitFormat(undefined)).toBe(imperial);
  });

  it('writes a metric rider’s feedback in km and m, every number checked, and leaves an imperial rider’s unchanged', () => {
    const metric = inUnits(hillyRide, 'metric');
    const text = feedbackText(metric);
    expect(text).toContain('64.00 km');
    expect(unquoted(text)).not.toMatch(IMPERIAL);
    expect(wrongIn(text, metric)).toEqual([]);

    const imperialText = feedbackText(hillyRide);
    expect(feedbackText(inUnits(hillyRide, 'imperial'))).toBe(imperialText);
    expect(imperialText).toContain('39.77 mi');
    expect(imperialText).not.toMatch(/\d\s?(?:km|km\/h)\b/);
  });

  it('gives a metric rider’s goals in km: a 500-mile goal is 804.67 km', () => {
    const metric = inUnits(newInput({ distanceM: 64_000 }, { goals: [newGoal()] }), 'metric');
    const goal = buildRideFacts(metric, NOW).goals[0]!;
    expect(goal).toMatchObject({ unit: 'km', thisRideAddsKm: 64 });
    expect(goal['targetKm']).toBeCloseTo(804.67, 6);
    expect(goal['currentKm']).toBeCloseTo(289.6812, 6);
  });

  it('holds over 300 generated metric rides: no miles, feet or mph, and no wrong number', () => {
    let checked = 0;
    fc.assert(
      fc.property(rideInputArb, (generated) => {
        const input = inUnits(generated, 'metric');
        const text = feedbackText(input);
        expect(unquoted(text)).not.toMatch(IMPERIAL);
        const check = checkNumbers(text, rideFeedbackNumberFacts(input, NOW));
        checked += check.checked;
        expect(check.wrong).toEqual([]);
      }),
      { numRuns: 300, seed: 20261127 },
    );
    expect(checked).toBeGreaterThan(3000);
  });

  it('refuses a wrong metric number, and a number in the other system’s units, for both riders', () => {
    const metric = inUnits(hillyRide, 'metric');
    expect(wrongIn('You rode 64.00 km with 900.00 m of climbing.', metric)).toEqual([]);
    expect(wrongIn('You rode 65.00 km with 990.00 m of climbing.', metric)).toEqual(['65.00', '990.00']);
    // the miles value with a km label, and a right number in the wrong system
    expect(wrongIn('You rode 39.77 km.', metric)).toEqual(['39.77']);
    expect(wrongIn('You rode 39.77 mi.', metric)).toEqual(['39.77']);

    expect(wrongIn('You rode 39.77 mi with 2952.76 ft of climbing.', hillyRide)).toEqual([]);
    expect(wrongIn('You rode 40.77 mi.', hillyRide)).toEqual(['40.77']);
    expect(wrongIn('You rode 64.00 km.', hillyRide)).toEqual(['64.00']);
  });

  it('tells the LLM the rider’s units and gives it the facts in them', () => {
    const metric = buildRideFacts(inUnits(hillyRide, 'metric'), NOW);
    const [system, user] = rideFeedbackMessages(metric);
    expect(system!.content).toContain(unitsRule('metric'));
    expect(user!.content).toContain('"distanceKm":64');
    expect(user!.content).not.toMatch(/"[a-zA-Z]+(?:Mi|Ft|Mph)"/);
    const [imperialSystem, imperialUser] = rideFeedbackMessages(buildRideFacts(hillyRide, NOW));
    expect(imperialSystem!.content).toContain(unitsRule('imperial'));
    expect(imperialUser!.content).toContain('"distanceMi":39.77');
  });
});

describe('units: the coach chat', () => {
  const hills: RideSummary = {
    ...newHistory(1)[0]!,
    id: 'hills',
    name: 'Mont Ventoux day',
    startDate: '2025-06-08T07:00:00Z',
    distanceM: 64_000,
    movingTimeS: 4 * 3600 + 20 * 60,
    elevationGainM: 1_900,
    averageSpeedMps: 64_000 / (4 * 3600 + 20 * 60),
  };
  const rides = [
    newRide({ startDate: '2025-06-13T07:00:00Z' }),
    hills,
    ...newHistory(10, { before: '2025-06-08T07:00:00Z' }),
  ];
  // every ride of the last 8 weeks is known
  const context = (units: UnitSystem): CoachContext => ({
    rider: newRider({ units }),
    recentRides: rides,
    windowRides: rides,
    windowStart: '2025-04-01T00:00:00Z',
    windowComplete: true,
    trends: null,
    goals: [newGoal()],
  });
  const reply = (message: string, units: UnitSystem) => {
    const answer = coachReply({ context: context(units), message, history: [], asOf: ASKED });
    return { text: answer.text, wrong: checkNumbers(answer.text, numberFactsOf(answer.facts)).wrong };
  };

  it('answers a metric rider’s distance question in km, every number checked', () => {
    for (const message of ['How far did I ride in the last 4 weeks?', 'How far did I ride this month?']) {
      const { text, wrong } = reply(message, 'metric');
      expect(text).toMatch(/\d km\b/);
      expect(unquoted(text)).not.toMatch(IMPERIAL);
      expect(wrong).toEqual([]);
    }
  });

  it('answers a metric rider’s climbing and speed questions in m and km/h, with 2 decimals', () => {
    const climbing = reply('How much climbing did I do in the last 4 weeks?', 'metric');
    expect(climbing.text).toMatch(/\d+\.\d{2} m of climbing/);
    const speed = reply('What was my average speed on my last ride?', 'metric');
    expect(speed.text).toMatch(/\d+\.\d{2} km\/h/);
    for (const { text, wrong } of [climbing, speed]) {
      expect(unquoted(text)).not.toMatch(IMPERIAL);
      expect(wrong).toEqual([]);
    }
  });

  it('answers an imperial rider’s distance question in miles, as before', () => {
    const { text, wrong } = reply('How far did I ride in the last 4 weeks?', 'imperial');
    expect(text).toMatch(/\d mi\b/);
    expect(text).not.toMatch(/\d km\b/);
    expect(wrong).toEqual([]);
  });

  it('writes a metric rider’s climbing advice in m and km', () => {
    const { text, wrong } = reply('How can I improve my climbing?', 'metric');
    expect(text).toContain('1900.00 m of climbing over 64.00 km, 30 m per km');
    expect(unquoted(text)).not.toMatch(IMPERIAL);
    expect(wrong).toEqual([]);
    expect(reply('How can I improve my climbing?', 'imperial').text).toContain(
      '6233.60 ft of climbing over 39.77 mi, 157 ft per mile',
    );
  });

  it('refuses a wrong metric number in a chat answer', () => {
    const answer = coachReply({
      context: context('metric'),
      message: 'How far was my longest ride?',
      history: [],
      asOf: ASKED,
    });
    const facts = numberFactsOf(answer.facts);
    const km = /(\d+\.\d{2}) km/.exec(answer.text)![1]!;
    expect(checkNumbers(`Your longest ride was ${km} km.`, facts).wrong).toEqual([]);
    const wrong = (Number(km) + 1.5).toFixed(2);
    expect(checkNumbers(`Your longest ride was ${wrong} km.`, facts).wrong.map((w) => w.text)).toEqual([
      wrong,
    ]);
  });
});
