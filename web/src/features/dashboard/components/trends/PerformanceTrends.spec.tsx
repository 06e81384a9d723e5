import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { PerformanceTrendsDto } from '@domestique/proto';
import { fakeApolloClient, type OperationHandler } from '../../../../test/fake-apollo';
import { stubWideScreen } from '../../../analytics/test-media';
import { renderWithApp } from '../../../../test/render';

interface LineProps {
  data: { id: string; data: { x: string; y: number | null }[] }[];
  axisLeft?: { legend?: string };
  yScale?: { min?: number | 'auto' };
}
jest.unstable_mockModule('@nivo/line', () => ({
  ResponsiveLine: (props: LineProps) => (
    <div
      data-testid="trends-chart"
      data-series={props.data.map((s) => s.id).join('|')}
      data-y={props.axisLeft?.legend}
      data-y-min={String(props.yScale?.min)}
      data-points={JSON.stringify(props.data.map((s) => s.data.map((d) => d.y)))}
    />
  ),
}));
const { PerformanceTrends, NO_TRENDS_TEXT } = await import('./PerformanceTrends');

stubWideScreen();

const week = (i: number, values: { power?: number; heartRate?: number; cadence?: number } = {}) => ({
  __typename: 'TrendPoint',
  date: `2026-03-${String(i + 2).padStart(2, '0')}`,
  power: values.power ?? null,
  heartRate: values.heartRate ?? null,
  cadence: values.cadence ?? null,
});

const answer = (
  trends: PerformanceTrendsDto['trends'],
  improvements: PerformanceTrendsDto['improvements'],
) => ({
  data: {
    performanceTrends: {
      __typename: 'PerformanceTrends',
      trends,
      improvements: { __typename: 'Improvements', ...improvements },
      timeZone: 'UTC',
    },
  },
});

const setup = (free: boolean, handlers: Record<string, OperationHandler> = {}) => {
  const { client, calls } = fakeApolloClient(handlers);
  renderWithApp(<PerformanceTrends free={free} />, { client });
  return calls;
};

describe('dashboard Performance Trends', () => {
  it('is locked for free riders, with an upgrade button and no call to the server', () => {
    const calls = setup(true);
    const section = within(screen.getByRole('region', { name: 'Performance Trends' }));
    expect(section.getByText('Performance trends are a Pro feature')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
    expect(calls).toEqual([]);
  });

  it('draws power, heart rate and cadence with the three improvements for pro riders', async () => {
    const trends = Array.from({ length: 12 }, (_, i) =>
      week(i, i % 2 === 0 ? { power: 200 + i, heartRate: 150, cadence: 88 } : {}),
    );
    setup(false, {
      PerformanceTrends: () =>
        answer(trends, { powerImprovement: 4.5, heartRateEfficiency: -2.1, cadenceConsistency: null }),
    });
    // one chart per unit (small multiples), each titled by its measure and unit, not a legend
    await screen.findAllByTestId('trends-chart');
    const charts = screen.getAllByTestId('trends-chart');
    expect(charts.map((chart) => [chart.dataset.series, chart.dataset.y])).toEqual([
      ['Power (W)', 'W'],
      ['Heart rate (bpm)', 'bpm'],
      ['Cadence (rpm)', 'rpm'],
    ]);
    // each axis fits its own values instead of starting every unit at 0
    expect(charts.map((chart) => chart.dataset.yMin)).toEqual(['auto', 'auto', 'auto']);
    expect(JSON.parse(charts[0]!.dataset.points!)[0].slice(0, 3)).toEqual([200, null, 202]);
    for (const title of ['Power (W)', 'Heart rate (bpm)', 'Cadence (rpm)'])
      expect(screen.getByRole('figure', { name: title })).toContainElement(
        screen.getByRole('heading', { name: title }),
      );
    expect(screen.getByLabelText('up 4.5%')).toHaveTextContent('+4.5%');
    expect(screen.getByLabelText('down 2.1%')).toHaveTextContent('-2.1%');
    expect(
      screen.getByText('Needs rides with this data in the first and the last 4 weeks'),
    ).toBeInTheDocument();
  });

  it('says which measure has no data instead of drawing an empty line', async () => {
    const trends = Array.from({ length: 12 }, (_, i) => week(i, { power: 210, heartRate: 148 }));
    setup(false, {
      PerformanceTrends: () =>
        answer(trends, { powerImprovement: null, heartRateEfficiency: null, cadenceConsistency: null }),
    });
    expect(await screen.findByText('No cadence data in the last 12 weeks')).toBeInTheDocument();
    expect(screen.getAllByTestId('trends-chart').map((chart) => chart.dataset.series)).toEqual([
      'Power (W)',
      'Heart rate (bpm)',
    ]);
  });

  it('asks for a sync when no week has data', async () => {
    setup(false, {
      PerformanceTrends: () =>
        answer(
          Array.from({ length: 12 }, (_, i) => week(i)),
          { powerImprovement: null, heartRateEfficiency: null, cadenceConsistency: null },
        ),
    });
    expect(await screen.findByText(NO_TRENDS_TEXT)).toBeInTheDocument();
    expect(NO_TRENDS_TEXT).toBe('Sync rides from Strava to see your performance trends');
    expect(screen.queryByTestId('trends-chart')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', () => {
    setup(false, { PerformanceTrends: () => new Promise(() => undefined) });
    expect(screen.getByLabelText('Loading performance trends')).toBeInTheDocument();
  });
});
