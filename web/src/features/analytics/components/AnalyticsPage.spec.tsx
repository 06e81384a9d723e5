import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LifetimeAnalyticsDto } from '@domestique/proto';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { stubWideScreen } from '../test-media';
import { fakeSession, renderWithApp } from '../../../test/render';
import { testUser } from '../../../test/fixtures';
import { riderSettings } from '../../profile/test-rider-settings';

// nivo draws SVG from measured sizes, which jsdom has not: stand-ins record what each chart was given.
interface LineProps {
  data: { id: string; data: { x: string; y: number | null }[] }[];
  enableArea?: boolean;
  yScale?: { stacked?: boolean };
  axisLeft?: { legend?: string };
}
interface BarProps {
  data: { zone: string; hours: number }[];
  axisLeft?: { legend?: string };
}
jest.unstable_mockModule('@nivo/line', () => ({
  ResponsiveLine: (props: LineProps) => (
    <div
      data-testid="line-chart"
      data-series={props.data.map((s) => s.id).join('|')}
      data-stacked={String(Boolean(props.enableArea && props.yScale?.stacked))}
      data-y={props.axisLeft?.legend}
      data-points={JSON.stringify(props.data.map((s) => s.data.map((d) => d.y)))}
    />
  ),
}));
jest.unstable_mockModule('@nivo/bar', () => ({
  ResponsiveBar: (props: BarProps) => (
    <div
      data-testid="bar-chart"
      data-y={props.axisLeft?.legend}
      data-bars={JSON.stringify(props.data.map((d) => [d.zone, d.hours]))}
    />
  ),
}));
const { AnalyticsPage } = await import('./AnalyticsPage');

stubWideScreen();

const weeks = Array.from({ length: 12 }, (_, i) => ({
  __typename: 'WeeklyProgress',
  week: `2026-0${Math.floor(i / 4) + 1}-0${(i % 4) + 1}`,
  rides: i >= 8 ? 2 : 0,
  distance: i >= 8 ? 20 : 0,
  avgSpeed: i >= 8 ? 13 : null,
  elevation: i >= 8 ? 2500 : 0,
  time: i >= 8 ? 5538 : 0,
}));

const analytics: LifetimeAnalyticsDto = {
  monthlyStats: { totalRides: 42, totalDistance: 1234.5, totalTime: 200_000, totalElevation: 45_678.9 },
  statTrends: { totalRides: 12, totalDistance: -8, totalTime: 0, totalElevation: null },
  weeklyProgress: weeks,
  performanceZones: [
    { zone: 'Z1', name: 'Active Recovery', timeSpent: 3600 },
    { zone: 'Z2', name: 'Endurance', timeSpent: 36_000 },
    { zone: 'Z3', name: 'Tempo', timeSpent: 7200 },
  ],
  zoneSource: 'power',
  timeZone: 'UTC',
};

const setup = (answer: () => unknown, units?: 'metric') => {
  const { client } = fakeApolloClient({
    LifetimeAnalytics: answer,
    RiderSettings: () => ({ data: { riderSettings: riderSettings(units ? { units } : {}) } }),
  });
  const session = units ? fakeSession({ user: testUser(), status: 'authenticated' }) : undefined;
  renderWithApp(<AnalyticsPage />, { route: '/analytics', client, session });
  return userEvent.setup();
};

describe('/analytics', () => {
  it('shows the four cards with real trend arrows', async () => {
    setup(() => ({ data: { lifetimeAnalytics: { __typename: 'LifetimeAnalytics', ...analytics } } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Lifetime Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('1,234.50')).toBeInTheDocument();
    expect(screen.getByText('55h 33m')).toBeInTheDocument();
    expect(screen.getByText('45,678.90')).toBeInTheDocument();
    expect(screen.getByLabelText('up 12%')).toHaveTextContent('+12%');
    expect(screen.getByLabelText('down 8%')).toHaveTextContent('-8%');
    expect(screen.getByLabelText('unchanged 0%')).toHaveTextContent('0%');
    expect(screen.getByText('No rides in the 30 days before')).toBeInTheDocument();
  });

  it('draws the three tabs from the data, with units on the axes', async () => {
    const events = setup(() => ({
      data: { lifetimeAnalytics: { __typename: 'LifetimeAnalytics', ...analytics } },
    }));
    const [distance, speed] = await screen.findAllByTestId('line-chart');
    expect(distance).toHaveAttribute('data-y', 'Distance (mi)');
    expect(JSON.parse(distance!.dataset.points!)[0][11]).toBe(20);
    expect(speed).toHaveAttribute('data-y', 'Speed (mph)');
    expect(JSON.parse(speed!.dataset.points!)[0][0]).toBeNull(); // no rides: no point, not 0

    await events.click(screen.getByRole('tab', { name: 'Power Zones' }));
    const bars = await screen.findByTestId('bar-chart');
    expect(bars).toHaveAttribute('data-y', 'Time (hours)');
    expect(JSON.parse(bars.dataset.bars!)).toEqual([
      ['Z1', 1],
      ['Z2', 10],
      ['Z3', 2],
    ]);
    expect(screen.getByRole('heading', { name: 'Time in power zones' })).toBeInTheDocument();

    await events.click(screen.getByRole('tab', { name: 'Performance' }));
    const panel = within(await screen.findByRole('tabpanel', { name: 'Performance' }));
    // feet and minutes are not stacked on one axis: each has its own chart and its own axis
    const [elevation, time] = await panel.findAllByTestId('line-chart');
    expect(panel.getAllByTestId('line-chart')).toHaveLength(2);
    expect(elevation).toHaveAttribute('data-y', 'Elevation (ft)');
    expect(elevation).toHaveAttribute('data-series', 'Elevation (ft)');
    expect(elevation).toHaveAttribute('data-stacked', 'false');
    expect(JSON.parse(elevation!.dataset.points!)[0][11]).toBe(2500);
    expect(time).toHaveAttribute('data-y', 'Time (min)');
    expect(time).toHaveAttribute('data-series', 'Time (min)');
    expect(JSON.parse(time!.dataset.points!)[0][11]).toBe(92);
    expect(panel.getByRole('figure', { name: 'Elevation by week' })).toBeInTheDocument();
    expect(panel.getByRole('figure', { name: 'Riding time by week' })).toBeInTheDocument();
    expect(panel.queryByText('Feet + minutes')).not.toBeInTheDocument();
  });

  it('shows the cards, charts, axes and guidance in km, m and km/h for a metric rider', async () => {
    const events = setup(
      () => ({ data: { lifetimeAnalytics: { __typename: 'LifetimeAnalytics', ...analytics } } }),
      'metric',
    );
    // 1,234.5 mi and 45,678.9 ft; weeks of 20 mi at 13 mph and 2,500 ft
    expect(await screen.findByText('1,986.73')).toBeInTheDocument();
    expect(screen.getByText('13,922.93')).toBeInTheDocument();
    const [distance, speed] = await screen.findAllByTestId('line-chart');
    expect(distance).toHaveAttribute('data-y', 'Distance (km)');
    expect(JSON.parse(distance!.dataset.points!)[0][11]).toBeCloseTo(32.1868, 4);
    expect(speed).toHaveAttribute('data-y', 'Speed (km/h)');
    expect(JSON.parse(speed!.dataset.points!)[0][11]).toBeCloseTo(20.9209, 3);
    const section = within(screen.getByRole('region', { name: 'Understanding Your Analytics' }));
    expect(
      section.getByText(/Great work! You average 32\.19 kilometres a week at 20\.92 km\/h\./),
    ).toBeInTheDocument();
    expect(section.getByText(/762\.00 m of climbing/)).toBeInTheDocument();

    await events.click(screen.getByRole('tab', { name: 'Performance' }));
    const panel = within(await screen.findByRole('tabpanel', { name: 'Performance' }));
    const [elevation] = await panel.findAllByTestId('line-chart');
    expect(elevation).toHaveAttribute('data-y', 'Elevation (m)');
    expect(JSON.parse(elevation!.dataset.points!)[0][11]).toBeCloseTo(762, 3);
  });

  it('says there is nothing to chart yet for a rider without rides in the 12 weeks, and draws no line', async () => {
    const idle = weeks.map((w) => ({ ...w, rides: 0, distance: 0, avgSpeed: null, elevation: 0, time: 0 }));
    const events = setup(() => ({
      data: {
        lifetimeAnalytics: {
          __typename: 'LifetimeAnalytics',
          ...analytics,
          weeklyProgress: idle,
          performanceZones: [],
          zoneSource: null,
        },
      },
    }));
    const progress = within(await screen.findByRole('tabpanel', { name: 'Progress Trends' }));
    expect(await progress.findByText('No rides in the last 12 weeks')).toBeInTheDocument();
    expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Power Zones' }));
    expect(await screen.findByText(/^No zone data yet/)).toBeInTheDocument();
    expect(screen.queryByTestId('bar-chart')).not.toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Performance' }));
    const performance = within(await screen.findByRole('tabpanel', { name: 'Performance' }));
    expect(performance.getByText('No rides in the last 12 weeks')).toBeInTheDocument();
    expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
  });

  it('draws no speed line when no week has a speed, and says why', async () => {
    const noSpeed = weeks.map((w) => ({ ...w, avgSpeed: null }));
    setup(() => ({
      data: { lifetimeAnalytics: { __typename: 'LifetimeAnalytics', ...analytics, weeklyProgress: noSpeed } },
    }));
    expect(await screen.findByText('No moving time recorded in the last 12 weeks')).toBeInTheDocument();
    const charts = screen.getAllByTestId('line-chart');
    expect(charts.map((chart) => chart.dataset.y)).toEqual(['Distance (mi)']);
  });

  it('explains the numbers with the spec thresholds', async () => {
    setup(() => ({ data: { lifetimeAnalytics: { __typename: 'LifetimeAnalytics', ...analytics } } }));
    const section = within(await screen.findByRole('region', { name: 'Understanding Your Analytics' }));
    // 4-week average: 20 mi at 13 mph -> great; Z2 share 76.9% -> excellent; 2500 ft and 5538 s -> strong
    expect(
      section.getByText(/Great work! You average 20\.00 miles a week at 13\.00 mph\./),
    ).toBeInTheDocument();
    expect(section.getByText(/Excellent! 77% of your training time is in Zone 2/)).toBeInTheDocument();
    expect(section.getByText(/Strong training load/)).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    setup(() => new Promise(() => undefined));
    expect(screen.getByLabelText('Loading analytics')).toBeInTheDocument();
  });

  it('says when the analytics could not be loaded and offers a retry', async () => {
    setup(() => ({ errors: [{ message: 'Service temporarily unavailable. Please try again.' }] }));
    expect(await screen.findByText('Your analytics could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
