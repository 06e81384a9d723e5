import { describe, expect, it } from '@jest/globals';
import { formBand } from '@domestique/proto';
import { formAxis, formBandRangeText, visibleFormBands } from './form-bands';

describe('form bands', () => {
  it.each([
    [40, 'transition'],
    [25, 'transition'],
    [24.9, 'fresh'],
    [5, 'fresh'],
    [4.9, 'grey'],
    [0, 'grey'],
    [-10, 'grey'],
    [-10.1, 'optimal'],
    [-30, 'optimal'],
    [-30.1, 'high-risk'],
    [-80, 'high-risk'],
  ] as const)('a form of %d is %s', (tsb, band) => {
    expect(formBand(tsb)).toBe(band);
  });

  it('says each band range in the legend', () => {
    expect(formBandRangeText('transition')).toBe('+25 and above');
    expect(formBandRangeText('fresh')).toBe('+5 to +25');
    expect(formBandRangeText('grey')).toBe('-10 to +5');
    expect(formBandRangeText('optimal')).toBe('-30 to -10');
    expect(formBandRangeText('high-risk')).toBe('below -30');
  });

  it('shades the whole axis, top band first, each band clipped to it', () => {
    expect(visibleFormBands(-40, 30).map((b) => [b.key, b.from, b.to])).toEqual([
      ['transition', 25, 30],
      ['fresh', 5, 25],
      ['grey', -10, 5],
      ['optimal', -30, -10],
      ['high-risk', -40, -30],
    ]);
  });

  it('leaves out the bands outside the axis', () => {
    expect(visibleFormBands(-20, 10).map((b) => [b.key, b.from, b.to])).toEqual([
      ['fresh', 5, 10],
      ['grey', -10, 5],
      ['optimal', -20, -10],
    ]);
  });

  it('widens the axis to show the bands around zero, and to the data beyond them', () => {
    expect(formAxis([0, 3])).toEqual([-40, 35]);
    expect(formAxis([-52, 41])).toEqual([-60, 50]);
  });
});
