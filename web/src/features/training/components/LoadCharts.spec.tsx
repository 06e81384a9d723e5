import { describe, expect, it, jest } from '@jest/globals';
import { render } from '@testing-library/react';
import type { TrainingLoadDayDto } from '@domestique/proto';
import type { LineCustomSvgLayerProps } from '@nivo/line';

// the layers are plain SVG; the chart around them is nivo's, which needs measured sizes jsdom has not
jest.unstable_mockModule('@nivo/line', () => ({ ResponsiveLine: () => null }));
const { bandsLayer, loadBarsLayer } = await import('./LoadCharts');

type Props = LineCustomSvgLayerProps<{ id: string; data: { x: Date; y: number }[] }>;

/** A 100 x 100 plot: x one unit per day from Jan 1, y from -40 (bottom) to +40 (top) or 0 to 100. */
const props = (low: number, high: number) =>
  ({
    innerWidth: 100,
    innerHeight: 100,
    xScale: (x: Date) => (x.getTime() - Date.UTC(2026, 0, 1)) / 86_400_000,
    yScale: (y: number) => 100 - ((y - low) / (high - low)) * 100,
  }) as unknown as Props;

const day = (date: string, load: number, estimated = false): TrainingLoadDayDto => ({
  date,
  load,
  estimated,
  ctl: 0,
  atl: 0,
  tsb: 0,
});

describe('the load charts layers', () => {
  it('shades the form bands across the plot, each at its TSB range', () => {
    const Bands = bandsLayer(-40, 40);
    const { container } = render(<svg>{Bands(props(-40, 40))}</svg>);
    const rects = [...container.querySelectorAll('rect')].map((r) => [
      r.dataset.band,
      Number(r.getAttribute('y')),
      Number(r.getAttribute('height')),
    ]);
    expect(rects).toEqual([
      ['transition', 0, 18.75],
      ['fresh', 18.75, 25],
      ['grey', 43.75, 18.75],
      ['optimal', 62.5, 25],
      ['high-risk', 87.5, 12.5],
    ]);
  });

  it('draws each day with load as a bar, estimated days marked', () => {
    const days = [day('2026-01-01', 0), day('2026-01-02', 50), day('2026-01-03', 80, true)];
    const Bars = loadBarsLayer(days);
    const { container } = render(<svg>{Bars(props(0, 100))}</svg>);
    const rects = [...container.querySelectorAll('rect')];
    expect(rects.map((r) => [Number(r.getAttribute('height')), r.dataset.estimated ?? null])).toEqual([
      [50, null],
      [80, 'true'],
    ]);
    expect(rects[1]!.getAttribute('fill')).not.toBe(rects[0]!.getAttribute('fill'));
  });
});
