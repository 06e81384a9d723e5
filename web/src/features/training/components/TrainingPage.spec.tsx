import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  PowerCurveDto,
  TrainingLoadDayDto,
  TrainingRecommendationsDto,
  TrainingWeekDto,
} from '@domestique/proto';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { testUser } from '../../../test/fixtures';
import { fakeSession, renderWithApp } from '../../../test/render';
import { stubWideScreen } from '../../analytics/test-media';
import { riderSettings } from '../../profile/test-rider-settings';
import { json as jsonResponse } from '../../ride-page/test-ride-page';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { addDays, calendarDay } from '../load-ranges';

// nivo draws from measured sizes, which jsdom has not: stand-ins record what they were given.
jest.unstable_mockModule('@nivo/line', () => ({
  ResponsiveLine: (props: {
    data: { id: string; data: { x: unknown; y: number }[] }[];
    ariaLabel: string;
  }) => (
    <div
      role="img"
      data-testid="line-chart"
      aria-label={props.ariaLabel}
      data-series={JSON.stringify(props.data.map((s) => [s.id, s.data.length]))}
    />
  ),
}));
jest.unstable_mockModule('@nivo/bar', () => ({
  ResponsiveBar: (props: { data: { week: string; value: number }[]; ariaLabel: string }) => (
    <div
      role="img"
      data-testid="bar-chart"
      aria-label={props.ariaLabel}
      data-values={JSON.stringify(props.data)}
    />
  ),
}));
const { TrainingPage } = await import('./TrainingPage');

const days = (count: number): TrainingLoadDayDto[] =>
  Array.from({ length: count }, (_, i) => ({
    date: addDays('2026-01-01', i),
    load: i % 3 === 0 ? 0 : 60,
    estimated: i === 4,
    ctl: 30 + i * 0.5,
    atl: 40 + i,
    tsb: -5 - i,
  }));
const weeks: TrainingWeekDto[] = [
  { weekStart: '2026-01-05', load: 320, hours: 7.5 },
  { weekStart: '2026-01-12', load: 410, hours: 9 },
];
const curve = (watts: number, withModel: boolean): PowerCurveDto => ({
  from: '2026-01-01',
  to: '2026-03-31',
  points: [5, 60, 300, 1200, 3600].map((durationS, i) => ({
    durationS,
    watts: watts - i * 60,
    wattsPerKg: Math.round(((watts - i * 60) / 70) * 100) / 100,
    rideId: `ride-${durationS}`,
    date: '2026-02-10',
  })),
  model: withModel ? { cp: 262, wPrime: 18_400, ftpEstimate: 267, fittedFrom: [180, 300, 1200] } : null,
});
/** The plan starts tomorrow (today's ride is in). */
const tomorrow = addDays(calendarDay(new Date(), browserTimeZone()), 1);
const recommendations: TrainingRecommendationsDto = {
  generatedAt: '2026-03-31T06:00:00.000Z',
  days: [
    {
      date: tomorrow,
      type: 'vo2max',
      title: '5 x 4 min VO2max',
      durationS: 3600,
      plannedLoad: 78,
      reason: 'Your form is +8 after two easy days: a good day for hard intervals.',
      steps: [
        { durationS: 900, targetPercentFtp: [50, 65], targetHrZone: null, label: 'Warm-up' },
        { durationS: 240, targetPercentFtp: [110, 120], targetHrZone: null, label: '5 x 4 min VO2max' },
        { durationS: 2460, targetPercentFtp: [45, 55], targetHrZone: null, label: 'Easy' },
      ],
    },
    {
      date: addDays(tomorrow, 1),
      type: 'rest',
      title: 'Rest day',
      durationS: 0,
      plannedLoad: 0,
      reason: 'Fatigue is 20 above fitness: rest to absorb the work.',
      steps: [],
    },
  ],
};

type Answer = { status: number; body: unknown };
const json = (body: unknown, status = 200): Answer => ({ status, body });

/** A fetch that answers each REST path from a table, recording the URLs asked. */
const fakeFetch = (routes: Record<string, (url: URL) => Answer>) => {
  const urls: URL[] = [];
  const fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    const handler = routes[url.pathname];
    const answer = handler ? handler(url) : json({ message: 'not found' }, 404);
    return jsonResponse(answer.status, answer.body);
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return { urls, fetch };
};

const paidRoutes = (overrides: Record<string, (url: URL) => Answer> = {}) => ({
  '/api/training/load': () => json(days(60)),
  '/api/training/weekly': () => json(weeks),
  '/api/power/curve': (url: URL) =>
    json(curve(url.searchParams.get('from')!.startsWith('2025') ? 900 : 1000, true)),
  '/api/training/recommendations': () => json(recommendations),
  ...overrides,
});

const render = (tier: 'free' | 'pro') =>
  renderWithApp(<TrainingPage />, {
    route: '/training',
    session: fakeSession({ user: testUser({ subscriptionTier: tier }), status: 'authenticated' }),
    client: fakeApolloClient({
      RiderSettings: () => ({ data: { riderSettings: riderSettings({ weightKg: 70, units: 'metric' }) } }),
    }).client,
  });

const realFetch = globalThis.fetch;
beforeEach(() => stubWideScreen());
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('TrainingPage', () => {
  it('locks every section for a free rider with the upgrade prompt, asking the server nothing', () => {
    const { fetch } = fakeFetch({});
    render('free');
    for (const name of ['Training load', 'Power curve', 'Next 7 days']) {
      const section = within(screen.getByRole('region', { name }));
      expect(section.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
    }
    expect(screen.getByText('Training load is a Pro feature')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    // the Elite plan and calendar are linked for every tier (their pages show the locked prompts)
    expect(screen.getByRole('link', { name: 'Training plan' })).toHaveAttribute('href', '/plan');
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
  });

  it("draws a pro rider's load, power curve with its model, and the week ahead", async () => {
    const { urls } = fakeFetch(paidRoutes());
    render('pro');

    const load = within(screen.getByRole('region', { name: 'Training load' }));
    expect(load.getByLabelText('Loading training load')).toBeInTheDocument();
    // today's figures: the last day of the series
    expect(await load.findByText('Fitness (CTL)', { selector: 'dt, div, span, p' })).toBeInTheDocument();
    expect(load.getByText('+3.5')).toBeInTheDocument(); // ramp: 0.5 a day over 7 days
    expect(load.getByText('-64')).toBeInTheDocument(); // form on day 60
    expect(load.getByText('High risk', { selector: 'dd, div, span, p' })).toBeInTheDocument();
    const fitness = await load.findByRole('img', { name: /Fitness and fatigue by day/ });
    expect(JSON.parse(fitness.dataset.series!)).toEqual([
      ['Fitness (CTL)', 60],
      ['Fatigue (ATL)', 60],
    ]);
    expect(await load.findByRole('img', { name: /Form by day/ })).toBeInTheDocument();
    expect(load.getByText('+5 to +25', { exact: false })).toBeInTheDocument();
    expect(await load.findAllByTestId('bar-chart')).toHaveLength(2);
    const loadUrl = urls.find((u) => u.pathname === '/api/training/load')!;
    expect(loadUrl.searchParams.get('from')).toBe(addDays(loadUrl.searchParams.get('to')!, -90));

    const power = within(screen.getByRole('region', { name: 'Power curve' }));
    expect(await power.findByText('262 W')).toBeInTheDocument();
    expect(power.getByText('18.4 kJ')).toBeInTheDocument();
    expect(power.getByText('267 W')).toBeInTheDocument();
    const chart = await power.findByRole('img', {
      name: /Power-duration curves: Last 90 days against Same days a year before/,
    });
    expect(JSON.parse(chart.dataset.series!)).toEqual([
      ['Last 90 days', 5],
      ['Same days a year before', 5],
    ]);
    // each best effort links to its ride
    const row = power.getByRole('row', { name: /20 min/ });
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/rides/ride-1200');
    expect(within(row).getByText('820 W')).toBeInTheDocument();
    expect(within(row).getByText('720 W')).toBeInTheDocument();
    // W/kg, with the weight in the rider's units
    await userEvent.click(power.getByRole('radio', { name: 'W/kg' }));
    expect(await within(row).findByText('11.71 W/kg')).toBeInTheDocument();
    expect(await power.findByText(/at your weight of 70 kg/)).toBeInTheDocument();

    const week = within(screen.getByRole('region', { name: 'Next 7 days' }));
    expect(await week.findByRole('heading', { name: '5 x 4 min VO2max' })).toBeInTheDocument();
    expect(week.getByText('1h 0m · 78 TSS')).toBeInTheDocument();
    expect(week.getByText('Warm-up: 15 min at 50–65% FTP')).toBeInTheDocument();
    expect(week.getByText('Tomorrow')).toBeInTheDocument();
    expect(week.queryByText('Today')).toBeNull();
    expect(week.getByRole('img', { name: 'Profile of 5 x 4 min VO2max: 3 steps' })).toBeInTheDocument();
    expect(week.getByText('Rest')).toBeInTheDocument();
    expect(week.getByText('Fatigue is 20 above fitness: rest to absorb the work.')).toBeInTheDocument();
  });

  it('asks the range picked, with the mouse or the arrow keys', async () => {
    const user = userEvent.setup();
    const { urls } = fakeFetch(paidRoutes());
    render('pro');
    const load = within(screen.getByRole('region', { name: 'Training load' }));
    const group = load.getByRole('radiogroup', { name: 'Range' });
    const lastLoad = () => urls.filter((u) => u.pathname === '/api/training/load').at(-1);
    await user.click(within(group).getByRole('radio', { name: /All/ }));
    await waitFor(() => expect(lastLoad()?.searchParams.has('from')).toBe(false));
    // the keyboard: the checked radio takes the focus, the arrows move the choice
    await user.click(within(group).getByRole('radio', { name: /6 weeks/ }));
    await waitFor(() =>
      expect(lastLoad()?.searchParams.get('from')).toBe(addDays(lastLoad()!.searchParams.get('to')!, -41)),
    );
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(lastLoad()?.searchParams.get('from')).toBe(addDays(lastLoad()!.searchParams.get('to')!, -90)),
    );
    expect(within(group).getByRole('radio', { name: /3 months/ })).toBeChecked();
    await load.findByRole('img', { name: /Form by day/ });
  });

  it('shows the empty state without rides, and an error with a retry that asks again', async () => {
    let failing = true;
    fakeFetch(
      paidRoutes({
        '/api/training/load': () =>
          failing
            ? json({ message: 'The training service is busy' }, 503)
            : json(days(3).map((d) => ({ ...d, load: 0, ctl: 0, atl: 0, tsb: 0 }))),
        '/api/power/curve': () => json({ ...curve(0, false), points: [] }),
      }),
    );
    render('pro');
    const load = within(screen.getByRole('region', { name: 'Training load' }));
    expect(await load.findByText('The training service is busy')).toBeInTheDocument();
    failing = false;
    fireEvent.click(load.getByRole('button', { name: 'Try again' }));
    expect(await load.findByText(/No rides in this range yet/)).toBeInTheDocument();
    const power = within(screen.getByRole('region', { name: 'Power curve' }));
    expect(await power.findByText(/No power data in this period/)).toBeInTheDocument();
  });
});
