import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiFeedbackDto, RideDto, WorkoutDto } from '@domestique/proto';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { testUser } from '../../../test/fixtures';
import { fakeSession, renderWithApp } from '../../../test/render';
import { riderSettings } from '../../profile/test-rider-settings';
import { OUTDATED_FEEDBACK_POLL_MS } from '../hooks/use-refresh-while-outdated';
import { metrics, ride, ridesPageHandlers } from '../test-rides';
import { OUTDATED_FEEDBACK_NOTE } from './AiFeedbackPanel';
import { RideMetricsDetails } from './RideMetricsDetails';
import { RidesPage } from './RidesPage';

const thresholdSession: WorkoutDto & { __typename: 'Workout' } = {
  __typename: 'Workout',
  type: 'threshold',
  basis: 'power',
  contexts: ['indoor'],
  structure: '4 x 8 min at 101% of FTP with 4 min easy',
  steady: false,
  intervals: [],
  sets: [],
};

/** The value cell of one figure of the details. */
const figure = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('a ride’s full details', () => {
  it('names the session read from the data, its structure and context, the work in kJ and W/kg', () => {
    renderWithApp(
      <RideMetricsDetails
        metrics={metrics({ workout: thresholdSession, kilojoules: 812.4, ftpSource: 'rider', ftp: 265 })}
        weightKg={70}
      />,
    );
    const session = screen.getByTestId('ride-session');
    expect(within(session).getByText('Threshold session')).toBeInTheDocument();
    expect(within(session).getByText('4 x 8 min at 101% of FTP with 4 min easy')).toBeInTheDocument();
    expect(within(session).getByText('Indoor')).toBeInTheDocument();
    expect(figure('Work')).toHaveTextContent('812 kJ');
    expect(figure('Normalized Power')).toHaveTextContent('215 W 3.07 W/kg');
    expect(figure('FTP')).toHaveTextContent('265 W (set by you)');
    expect(screen.queryByText('FTP (estimated)')).not.toBeInTheDocument();
  });

  it('without weight, workout or kJ shows none of them, and says where an estimated FTP came from', () => {
    renderWithApp(<RideMetricsDetails metrics={metrics({ kilojoules: null })} />);
    expect(screen.queryByTestId('ride-session')).not.toBeInTheDocument();
    expect(screen.queryByText('Work')).not.toBeInTheDocument();
    expect(screen.queryByText(/W\/kg/)).not.toBeInTheDocument();
    expect(figure('FTP (estimated)')).toHaveTextContent('250 W');
    expect(figure('FTP (estimated)')).toHaveTextContent('Estimated from your 20-minute best on 3 Mar');
    expect(screen.queryByText(/set by you/)).not.toBeInTheDocument();
  });
});

const feedback = (overrides: Partial<AiFeedbackDto>) => ({
  __typename: 'AiFeedback',
  summary: 'A threshold session of 4 x 8 min.',
  strengths: 'Even bouts.',
  weaknesses: 'The last bout faded.',
  recommendations: 'Recover tomorrow.',
  fullAnalysis: 'Overview',
  outdated: false,
  ...overrides,
});

const base: Record<string, OperationHandler> = {
  ...ridesPageHandlers,
  MonthlyAnalysisLimit: () => ({
    data: {
      monthlyAnalysisLimit: {
        __typename: 'MonthlyAnalysisLimit',
        hasLimit: false,
        used: 0,
        limit: null,
        remaining: null,
        limitReached: false,
      },
    },
  }),
  RiderSettings: () => ({ data: { riderSettings: riderSettings({ weightKg: 80 }) } }),
};
const pageOf = (rides: RideDto[]) => ({
  data: { ridesPage: { __typename: 'RidesPage', rides, totalCount: rides.length, nextCursor: null } },
});
const renderRides = (rides: OperationHandler) => {
  const { client, calls } = fakeApolloClient({ ...base, RidesPage: rides });
  renderWithApp(<RidesPage />, {
    route: '/rides',
    client,
    session: fakeSession({ user: testUser({ stravaId: '1' }), status: 'authenticated' }),
  });
  return { calls };
};

afterEach(() => {
  jest.useRealTimers();
});

describe('rides page: the session and feedback being rewritten', () => {
  it('badges each ride with its session and shows W/kg from the rider’s weight in the details', async () => {
    renderRides(() => pageOf([ride(1, { metrics: metrics({ workout: thresholdSession }) }), ride(2)]));
    const card = await screen.findByRole('article', { name: 'Ride 1' });
    // the badge in the header, visible before the details open
    expect(within(card).getAllByText('Threshold session')[0]).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Ride 2' })).queryByText('Threshold session'),
    ).toBeNull();
    // average power (180 W) in the card's numbers, normalized power in the details
    expect(within(card).getByText('Avg Power', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '180 W2.25 W/kg',
    );
    await userEvent.setup().click(within(card).getByRole('button', { name: 'View Full Details' }));
    await waitFor(() => expect(within(card).getByText('215 W')).toHaveTextContent('2.69 W/kg'));
  });

  it('notes outdated feedback quietly and asks again until the rewrite arrives, then stops', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let rewritten = false;
    const { calls } = renderRides(() =>
      pageOf([
        ride(1, {
          hasAiFeedback: true,
          aiFeedback: rewritten
            ? feedback({ summary: 'Rewritten on your new FTP.' })
            : feedback({ outdated: true }),
        }),
      ]),
    );
    const card = await screen.findByRole('article', { name: 'Ride 1' });
    expect(within(card).getByRole('status')).toHaveTextContent(OUTDATED_FEEDBACK_NOTE);
    expect(within(card).getAllByText('A threshold session of 4 x 8 min.')[0]).toBeVisible();

    const asked = () => calls.filter((name) => name === 'RidesPage').length;
    const before = asked();
    await act(async () => {
      jest.advanceTimersByTime(OUTDATED_FEEDBACK_POLL_MS);
    });
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(within(card).getByText(OUTDATED_FEEDBACK_NOTE)).toBeInTheDocument();

    rewritten = true;
    await act(async () => {
      jest.advanceTimersByTime(OUTDATED_FEEDBACK_POLL_MS);
    });
    expect((await within(card).findAllByText('Rewritten on your new FTP.'))[0]).toBeVisible();
    expect(within(card).queryByText(OUTDATED_FEEDBACK_NOTE)).not.toBeInTheDocument();
    const after = asked();
    await act(async () => {
      jest.advanceTimersByTime(OUTDATED_FEEDBACK_POLL_MS * 3);
    });
    expect(asked()).toBe(after);
  });
});
