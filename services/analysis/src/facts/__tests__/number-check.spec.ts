import { newGoal, newInput, newWorkout } from '../../engine/__tests__/ride-input.factory.js';
import { checkNumbers } from '../number-check.js';
import { rideFeedbackNumberFacts, type NumberFact, type NumberFacts } from '../number-facts.js';

const fact = (value: number, unit: NumberFact['unit'], extra: Partial<NumberFact> = {}): NumberFact => ({
  value,
  unit,
  path: 'test',
  ...extra,
});
const facts = (numbers: NumberFact[], more: Partial<NumberFacts> = {}): NumberFacts => ({
  numbers,
  dates: [],
  names: [],
  ftpIntensity: [],
  ...more,
});
const wrongIn = (text: string, f: NumberFacts) => checkNumbers(text, f).wrong.map((w) => w.text);

describe('checkNumbers', () => {
  it('accepts a number some fact of its unit rounds to, as displayed', () => {
    const f = facts([fact(0.987, 'IF'), fact(1234.4, 'ft'), fact(246.6, 'W'), fact(38.527, 'mi')]);
    expect(checkNumbers('IF 0.99 over 38.53 mi with 1,234 ft; NP 247 W.', f)).toEqual({
      ok: true,
      checked: 4,
      wrong: [],
    });
    expect(wrongIn('IF 0.98, 38.52 mi, 1,235 ft, 246 W', f)).toEqual(['0.98', '38.52', '1,235', '246']);
  });

  it('catches invented numbers and reports where they are', () => {
    const check = checkNumbers('You rode 987.65 mi at 4321 W', facts([fact(20, 'mi'), fact(200, 'W')]));
    expect(check).toEqual({
      ok: false,
      checked: 2,
      wrong: [
        { text: '987.65', index: 9 },
        { text: '4321', index: 22 },
      ],
    });
  });

  it('checks a unit-tagged number only against facts of that unit', () => {
    const f = facts([fact(190, 'W'), fact(150, 'bpm'), fact(12, '%')]);
    expect(wrongIn('peaked at 190 bpm', f)).toEqual(['190']);
    expect(wrongIn('150 W and 12 mph', f)).toEqual(['150', '12']);
    expect(wrongIn('peaked at 150 bpm, 190 W, 12%', f)).toEqual([]);
  });

  it('gives a part the unit of its whole: "180 of 500 mi"', () => {
    const f = facts([fact(180, 'mi'), fact(500, 'mi'), fact(36, '%'), fact(12, 'W')]);
    expect(wrongIn('now at 180 of 500 mi (36%)', f)).toEqual([]);
    expect(wrongIn('now at 12 of 500 mi', f)).toEqual(['12']);
  });

  it('reads metric units when the facts give them', () => {
    const f = facts([fact(100, 'km'), fact(1500, 'm'), fact(28.4, 'km/h')]);
    expect(wrongIn('100 km with 1,500 m of climbing at 28.4 km/h', f)).toEqual([]);
    expect(wrongIn('100 m with 1500 km at 28.4 mph', f)).toEqual(['100', '1500', '28.4']);
  });

  it('reads labels written before a number: IF, TSS, VI, EF', () => {
    const f = facts([fact(0.7, 'IF'), fact(106, 'TSS'), fact(1.37, 'EF'), fact(1.06, 'VI')]);
    expect(wrongIn('IF 0.70, TSS 106, efficiency factor 1.37, VI 1.06', f)).toEqual([]);
    expect(wrongIn('IF 1.06, TSS 0.70', f)).toEqual(['1.06', '0.70']);
  });

  it('ties a share of threshold heart rate to the value written just before it (peak, not average)', () => {
    const f = facts([
      fact(171, 'bpm'),
      fact(138, 'bpm'),
      fact(82.1, '%', { base: 'threshold-hr', of: 138 }),
      fact(101.8, '%', { base: 'threshold-hr', of: 171 }),
      fact(90, '%'),
    ]);
    expect(wrongIn('peaked at 171 bpm (102% of your threshold heart rate)', f)).toEqual([]);
    expect(wrongIn('peaked at 171 bpm (82% of your threshold heart rate)', f)).toEqual(['82']);
    expect(wrongIn('90% of your threshold heart rate', f)).toEqual(['90']);
  });

  it('takes "FTP of N W" only from an FTP fact', () => {
    const f = facts([fact(250, 'W', { ftp: true }), fact(270, 'W')]);
    expect(wrongIn('Against an FTP of 250 W', f)).toEqual([]);
    expect(wrongIn('Against your FTP of 270 W', f)).toEqual(['270']);
  });

  it('reads ranges with the unit of their second number', () => {
    const f = facts([
      fact(85, 'rpm'),
      fact(95, 'rpm'),
      fact(88, '%', { base: 'ftp' }),
      fact(94, '%', { base: 'ftp' }),
    ]);
    expect(wrongIn('85-95 rpm at 88-94% of FTP', f)).toEqual([]);
    expect(wrongIn('85-95 W', f)).toEqual(['85', '95']);
  });

  it('reads durations as written, whole minutes cut down or rounded', () => {
    const f = facts([
      fact(7830, 'duration'),
      fact(1200, 'duration'),
      fact(30, 'duration'),
      fact(3723, 'duration'),
      fact(12, 'count'),
    ]);
    expect(wrongIn('2h 10m, a 20-minute best, 12 x 30 s, 1:02:03 and 2h 11m', f)).toEqual([]);
    expect(wrongIn('2h 15m and 25 min', f)).toEqual(['2h 15m', '25']);
  });

  it('reads "9:30" as minutes and seconds or as hours and minutes', () => {
    const f = facts([fact(34_200, 'duration'), fact(570, 'duration')]);
    expect(wrongIn('You set off at 9:30 and rode 9:30 flat out', f)).toEqual([]);
    expect(wrongIn('You set off at 9:45', f)).toEqual(['9:45']);
  });

  it('checks dates against the facts and ignores the digits of names', () => {
    const f = facts([fact(3, 'count')], { dates: ['2025-06-03'], names: ['Gran Fondo 2025'] });
    expect(wrongIn('"Gran Fondo 2025" on Jun 3, 2025, 3 times', f)).toEqual([]);
    expect(wrongIn('on Jun 4, 2025', f)).toEqual(['Jun 4, 2025']);
  });

  it('catches the wrong numbers the issue found, against a ride’s own facts', () => {
    const now = new Date('2025-06-14T12:00:00Z');
    const input = newInput(
      { startDate: '2025-04-20T07:30:00Z', ftpWatts: 250, intensityFactor: 0.76, kilojoules: 1410 },
      { goals: [newGoal({ startDate: '2025-06-01', daysLeft: 35 })] },
    );
    const f = rideFeedbackNumberFacts(input, now);
    expect(wrongIn('With 35 days left. Against an FTP of 250 W, IF 0.76. You did 1410 kJ.', f)).toEqual([]);
    expect(wrongIn('With 133 days left.', f)).toEqual(['133']); // from the ride's date
    expect(wrongIn('You did 1388 kJ of work', f)).toEqual(['1388']); // moving time x average power
    // IF 0.76 was measured against 250 W: against the rider's FTP of today (270 W) it is 0.70
    expect(wrongIn('Against your FTP of 270 W that is an IF of 0.76.', f)).toEqual(['0.76']);
    expect(wrongIn('Against your FTP of 270 W that is an IF of 0.70.', f)).toEqual([]);
    expect(wrongIn('Against an FTP of 250 W that is an IF of 0.76.', f)).toEqual([]);
    expect(wrongIn('peaked at 171 bpm (82% of your threshold heart rate)', f)).toEqual(['82']);
  });

  it('knows a workout’s structure from the facts', () => {
    const now = new Date('2025-06-14T12:00:00Z');
    const input = newInput({ workout: newWorkout('vo2max', [[12, 30, 30, 145]]) });
    const f = rideFeedbackNumberFacts(input, now);
    expect(wrongIn('12 x 30 s at 145% of FTP with 30 s easy', f)).toEqual([]);
    expect(wrongIn('12 x 40 s at 150% of FTP', f)).toEqual(['40', '150']);
  });
});
