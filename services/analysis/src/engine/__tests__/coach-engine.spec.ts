import fc from 'fast-check';
import { analyseRide } from '../coach-engine.js';
import type { RideAnalysisInput } from '../ride-analysis-input.js';
import {
  newGoal,
  newHistory,
  newInput,
  rideInputArb,
  SCENARIOS,
  withoutHeartRate,
  newWorkout,
  withoutPower,
} from './ride-input.factory.js';

const allText = (input: RideAnalysisInput) => Object.values(analyseRide(input)).join('\n');

describe('the built-in coach engine', () => {
  it('writes every field, non-empty, with the technical write-up in sections', () => {
    const feedback = analyseRide(newInput());
    for (const field of ['summary', 'strengths', 'weaknesses', 'recommendations', 'fullAnalysis'] as const)
      expect(feedback[field].trim().length).toBeGreaterThan(20);
    for (const section of ['Overview', 'Power', 'Heart rate', 'Pacing', 'Load', 'Recommendations'])
      expect(feedback.fullAnalysis).toMatch(new RegExp(`(^|\n\n)${section}\n\\S`));
    expect(feedback.fullAnalysis.split('\n\n').length).toBeGreaterThanOrEqual(6);
  });

  it('is deterministic: the same ride reads the same', () => {
    expect(analyseRide(SCENARIOS['club race']!)).toEqual(analyseRide(SCENARIOS['club race']!));
  });

  it('names 8% aerobic decoupling as a pacing / aerobic-durability weakness with advice', () => {
    const feedback = analyseRide(newInput({ aerobicDecouplingPct: 8.2 }));
    expect(feedback.weaknesses).toMatch(/8\.20%/);
    expect(feedback.weaknesses).toMatch(/decoupling/i);
    expect(feedback.weaknesses).toMatch(/aerobic|pacing/i);
    expect(feedback.summary).toMatch(/8\.20%/);
    expect(feedback.recommendations).toMatch(/8\.20% (decoupling|drift)/);
    expect(feedback.recommendations).toMatch(/60-90 g of carbohydrate/);
  });

  it('praises low decoupling on a long ride as aerobic durability', () => {
    const feedback = analyseRide(newInput({ aerobicDecouplingPct: 2.4 }));
    expect(feedback.strengths).toMatch(/2\.40%.*(decoupling|coupled)|decoupling.*2\.40%/i);
    expect(feedback.weaknesses).not.toMatch(/decoupling/i);
  });

  it.each([
    [
      'threshold session',
      newWorkout('threshold', [[4, 480, 240, 98]]),
      '4 x 8 min at 98% of FTP with 4 min easy',
    ],
    [
      'sweet-spot session',
      newWorkout('sweet-spot', [[2, 900, 300, 90]]),
      '2 x 15 min at 90% of FTP with 5 min easy',
    ],
    [
      'VO2max session',
      newWorkout('vo2max', [[5, 300, 300, 115]]),
      '5 x 5 min at 115% of FTP with 5 min easy',
    ],
    ['VO2max session', newWorkout('vo2max', [[12, 30, 30, 145]]), '12 x 30 s at 145% of FTP with 30 s easy'],
    ['tempo ride', newWorkout('tempo'), null],
  ] as const)(
    'names a %s and its structure from the workout read off the streams',
    (label, workout, structure) => {
      const summary = analyseRide(newInput({ workout, movingTimeS: 5400, elapsedTimeS: 5500 })).summary;
      expect(summary).toContain(label);
      if (structure) expect(summary).toContain(structure);
    },
  );

  it('never reads the session from the name: without a workout it says less rather than guess', () => {
    const named = analyseRide(newInput({ workout: null, name: 'Tuesday Night Crit 5x5 VO2' })).summary;
    expect(named).not.toMatch(/race|VO2max|threshold|endurance/);
    expect(analyseRide(SCENARIOS['club race']!).summary).toMatch(/\brace\b/);
    expect(analyseRide(SCENARIOS['commute without sensors']!).summary).toMatch(/commute/);
  });

  it('says nothing about watts for a ride without power, and reads it from heart rate', () => {
    const text = allText(newInput(withoutPower));
    expect(text).not.toMatch(/\d\s?W\b|watt|W\/kg|FTP/i);
    expect(text).toMatch(/\d+ bpm/);
    expect(text).toMatch(/No power-meter data/);
  });

  it('treats estimated power (no power meter) as no power', () => {
    const text = allText(newInput({ deviceWatts: false }));
    expect(text).not.toMatch(/\d\s?W\b|watt/i);
  });

  it('says nothing about heart rate numbers for a ride without heart rate', () => {
    const feedback = analyseRide(newInput(withoutHeartRate));
    const text = Object.values(feedback).join('\n');
    expect(text).not.toMatch(/bpm|decoupling of|efficiency factor/i);
    expect(feedback.fullAnalysis).toMatch(/No heart-rate data/);
    expect(text).toMatch(/\d+ W/);
  });

  it('falls back to speed, distance and climbing for a ride without power or heart rate', () => {
    const feedback = analyseRide(SCENARIOS['commute without sensors']!);
    const text = Object.values(feedback).join('\n');
    expect(text).not.toMatch(/\d\s?W\b|watt/i);
    // heart rate appears only in prescriptions (the rider's threshold heart rate is known), never as a reading
    expect(text.replace(feedback.recommendations, '').replace(/Recommendations\n[^]*$/, '')).not.toMatch(
      /bpm/,
    );
    expect(feedback.summary).toMatch(/7\.02 mi/);
    expect(feedback.summary).toMatch(/12\.33 mph/);
    expect(feedback.weaknesses).toMatch(/power meter or heart-rate strap/);
    expect(feedback.recommendations).toMatch(/heart-rate strap/);
  });

  it('keeps a very short ride modest: no zone, pacing or cadence verdicts', () => {
    const feedback = analyseRide(
      newInput({
        movingTimeS: 9 * 60,
        elapsedTimeS: 10 * 60,
        distanceM: 4200,
        averageCadence: 68,
        variabilityIndex: 1.3,
      }),
    );
    expect(feedback.summary).toMatch(/short/);
    expect(feedback.summary).toMatch(/too short/);
    expect(feedback.weaknesses).not.toMatch(/cadence|VI|variability/i);
  });

  it('gives a very long ride fuelling advice sized to its duration', () => {
    const feedback = analyseRide(
      newInput({
        movingTimeS: 5 * 3600,
        elapsedTimeS: 5.5 * 3600,
        distanceM: 150_000,
        averageSpeedMps: 150_000 / 18_000,
      }),
    );
    expect(feedback.recommendations).toMatch(/300-450 g/);
    expect(feedback.strengths).toMatch(/5h 0m/);
  });

  it('leaves virtual speed out of an indoor ride and names it indoor', () => {
    const feedback = analyseRide(SCENARIOS['indoor sweet spot']!);
    const text = Object.values(feedback).join('\n');
    expect(feedback.summary).toMatch(/indoor sweet-spot session/);
    expect(text).not.toMatch(/mph|climbing/);
  });

  it('treats a rider without history as a first ride, without comparisons', () => {
    const feedback = analyseRide(SCENARIOS['first ride, no history']!);
    expect(feedback.fullAnalysis).toMatch(/first ride|baseline/i);
    expect(feedback.fullAnalysis).not.toMatch(/your typical|than your usual|your last \d+/);
  });

  it('compares with the rider’s recent rides: distance, a similar ride by name, weekly load', () => {
    const feedback = analyseRide(SCENARIOS['endurance with 8% decoupling']!);
    expect(feedback.strengths).toMatch(/longest ride of your last 16/);
    expect(analyseRide(SCENARIOS['tempo with a low cadence']!).strengths).toMatch(
      /Faster than "Long Sunday"/,
    );
    expect(feedback.fullAnalysis).toMatch(
      /in the last 7 days including this ride, against a weekly average of \d+ TSS over the last 4 weeks/,
    );
  });

  it('flags a steep load ramp and prescribes the 10-15% rule', () => {
    const history = newHistory(16, { everyDays: 3, tss: 40 });
    const feedback = analyseRide(newInput({ tss: 260 }, { history }));
    expect(feedback.weaknesses).toMatch(/jump|steeply/);
    expect(feedback.recommendations).toMatch(/10-15%/);
    expect(feedback.recommendations).toMatch(/two easy days/);
  });

  it('spots an FTP that has moved and recommends updating it', () => {
    const feedback = analyseRide(SCENARIOS['threshold ride that beats the FTP']!);
    expect(feedback.strengths).toMatch(/297 W/);
    expect(feedback.recommendations).toMatch(/Raise your FTP to about 282 W/);
  });

  it('asks for an FTP when there is none, suggesting one from the 20-minute best', () => {
    const feedback = analyseRide(
      newInput(
        { intensityFactor: null, tss: null, powerZones: null, ftpWatts: null },
        { rider: { ftpWatts: null, ftpSource: null } },
      ),
    );
    expect(feedback.weaknesses).toMatch(/FTP/);
    expect(feedback.recommendations).toMatch(
      /Set your FTP in Profile & Settings: your best 20 minutes on this ride were 246 W, so about 234 W/,
    );
  });

  it('remarks on low cadence, and on a hilly ride with gearing advice', () => {
    expect(analyseRide(SCENARIOS['tempo with a low cadence']!).weaknesses).toMatch(/71 rpm/);
    const hills = analyseRide(SCENARIOS['hilly ride without power']!);
    expect(hills.weaknesses).toMatch(/72 rpm average on a hilly ride/);
    expect(hills.recommendations).toMatch(/shift down a gear earlier/);
    expect(hills.strengths).toMatch(/6069\.55 ft/);
  });

  it('tracks goals: what the ride adds, progress, and the weekly volume needed', () => {
    const feedback = analyseRide(newInput({}, { goals: [newGoal()] }));
    expect(feedback.fullAnalysis).toMatch(
      /This ride adds 38\.53 mi toward "Ride 500 miles this summer", now at 180 of 500 mi \(36%\), due Aug 31, 2025\. With 78 days left you need about 28\.72 mi a week\./,
    );
    const speed = analyseRide(SCENARIOS['tempo with a low cadence']!);
    expect(speed.fullAnalysis).toMatch(
      /Goal "Average 20 mph": today's average was 19\.30 mph against a target of 20 mph/,
    );
  });

  it('prescribes next sessions in the rider’s own numbers: watts with power, bpm without', () => {
    expect(analyseRide(newInput()).recommendations).toMatch(/\d+-\d+ W \(\d+-\d+% of FTP\)/);
    expect(analyseRide(newInput(withoutPower)).recommendations).toMatch(/heart rate at \d+-\d+ bpm/);
  });

  it('reads like a coach who looked at each ride: distinct summaries and varied openings', () => {
    const inputs = fc.sample(rideInputArb, { numRuns: 60, seed: 7 });
    const summaries = inputs.map((input) => analyseRide(input).summary);
    expect(new Set(summaries).size).toBe(summaries.length);
    const openings = new Set(summaries.map((s) => s.split(' ').slice(0, 3).join(' ')));
    expect(openings.size).toBeGreaterThanOrEqual(15);
    const scenarioSummaries = Object.values(SCENARIOS).map((input) => analyseRide(input).summary);
    expect(
      new Set(scenarioSummaries.map((s) => s.split(' ').slice(0, 2).join(' '))).size,
    ).toBeGreaterThanOrEqual(5);
    const strengths = Object.values(SCENARIOS).map((input) => analyseRide(input).strengths);
    expect(new Set(strengths).size).toBe(strengths.length);
  });

  it('never throws and never writes NaN, Infinity or undefined, whatever the ride', () => {
    fc.assert(
      fc.property(rideInputArb, (input) => {
        const text = Object.values(analyseRide(input)).join('\n');
        expect(text).not.toMatch(/NaN|Infinity|undefined|null/);
        expect(analyseRide(input).recommendations.length).toBeGreaterThan(0);
      }),
      { numRuns: 300, seed: 99 },
    );
  });
});
