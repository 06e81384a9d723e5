import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { PerformanceTrendsDto } from '@domestique/proto';
import { fakeApolloClient, type OperationHandler } from '../../../../test/fake-apollo';
import { stubWideScreen } from '../../../analytics/test-media';
import { renderWithApp } from '../../../../test/render';

interface LineProps {
  data: { id: string; data: { x: string; y: number | null }[] }[];
}
jest.unstable_mockModule('@nivo/line', () => ({
  ResponsiveLine: (props: LineProps) => (
    <div data-testid="trends-chart" data-series={props.data.map((s) => s.id).join('|')} />
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
    const chart = await screen.findByTestId('trends-chart');
    expect(chart).toHaveAttribute('data-series', 'Power (W)|Heart rate (bpm)|Cadence (rpm)');
    expect(screen.getByLabelText('up 4.5%')).toHaveTextContent('+4.5%');
    expect(screen.getByLabelText('down 2.1%')).toHaveTextContent('-2.1%');
    expect(
      screen.getByText('Needs rides with this data in the first and the last 4 weeks'),
    ).toBeInTheDocument();
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
