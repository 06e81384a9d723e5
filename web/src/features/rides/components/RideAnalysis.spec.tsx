import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonthlyAnalysisLimitDto, RideDto } from '@domestique/proto';
import { AnalysisMessages } from '@domestique/proto/messages';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { reloadPage } from '../hooks/use-analyze-ride';
import { ride, ridesPageHandlers } from '../test-rides';
import { MonthlyLimitBanner } from './MonthlyLimitBanner';
import { RidesPage } from './RidesPage';
import { testUser } from '../../../test/fixtures';

const feedback = {
  __typename: 'AiFeedback',
  summary: 'A steady endurance ride of 24.85 mi.',
  strengths: 'Even pacing.',
  weaknesses: 'Cadence dropped on the climbs.',
  recommendations: 'Add one tempo session.',
  fullAnalysis: 'Overview\nPower ...',
  outdated: false,
};
const limitOf = (l: Partial<MonthlyAnalysisLimitDto>) => ({
  data: {
    monthlyAnalysisLimit: {
      __typename: 'MonthlyAnalysisLimit',
      hasLimit: true,
      used: 0,
      limit: 5,
      remaining: 5,
      limitReached: false,
      ...l,
    },
  },
});
const base = ridesPageHandlers;
const user = testUser({ stravaId: '1' });

const setup = (handlers: Record<string, OperationHandler>) => {
  const { client, calls } = fakeApolloClient({ ...base, ...handlers });
  renderWithApp(
    <ApolloProvider client={client}>
      <RidesPage />
    </ApolloProvider>,
    { route: '/rides', session: fakeSession({ user, status: 'authenticated' }), withToaster: true },
  );
  return { calls, events: userEvent.setup() };
};
const pageOf = (rides: RideDto[]) => ({
  data: { ridesPage: { __typename: 'RidesPage', rides, totalCount: rides.length, nextCursor: null } },
});

afterEach(() => {
  act(() => toaster.remove());
  jest.restoreAllMocks();
});

describe('ride AI feedback on the rides page', () => {
  it('generates feedback: "Analyzing..." disabled, then the toast, the feedback and a reload after 2000 ms', async () => {
    const reload = jest.spyOn(reloadPage, 'run').mockImplementation(() => undefined);
    let analysed = false;
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const { events } = setup({
      MonthlyAnalysisLimit: () => limitOf({ used: analysed ? 1 : 0, remaining: analysed ? 4 : 5 }),
      RidesPage: () =>
        pageOf([ride(1, analysed ? { hasAiFeedback: true, hasFeedback: true, aiFeedback: feedback } : {})]),
      AnalyzeRide: async ({ rideId }) => {
        await pending;
        analysed = true;
        return { data: { analyzeRide: { __typename: 'Ride', id: rideId, aiFeedback: feedback } } };
      },
    });
    const card = await screen.findByRole('article', { name: 'Ride 1' });
    await events.click(within(card).getByRole('button', { name: 'Generate AI Feedback' }));
    expect(within(card).getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    jest.useFakeTimers({ advanceTimers: true });
    try {
      release();
      expect(await screen.findByText(AnalysisMessages.analysisComplete)).toBeInTheDocument();
      expect(screen.getByText(AnalysisMessages.feedbackReadyRefreshing)).toBeInTheDocument();
      await waitFor(() => expect(within(card).getByText('AI Analyzed')).toBeInTheDocument());
      expect(within(card).getAllByText(feedback.summary)[0]).toBeVisible();
      expect(reload).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(2000);
      });
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows "Analysis Failed" with the server’s message and keeps the ride pending', async () => {
    const { events } = setup({
      MonthlyAnalysisLimit: () => limitOf({ used: 5, remaining: 0, limitReached: true }),
      RidesPage: () => pageOf([ride(1)]),
      AnalyzeRide: () => ({
        errors: [{ message: AnalysisMessages.monthlyLimitReached(5), extensions: { code: 'TOO_MANY' } }],
      }),
    });
    const card = await screen.findByRole('article', { name: 'Ride 1' });
    expect(await screen.findByText(AnalysisMessages.limitReachedTitle)).toBeInTheDocument();
    await events.click(within(card).getByRole('button', { name: 'Generate AI Feedback' }));
    expect(await screen.findByText('Analysis Failed')).toBeInTheDocument();
    expect(screen.getByText(AnalysisMessages.monthlyLimitReached(5))).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Generate AI Feedback' })).toBeEnabled();
    expect(within(card).getByText('AI Analysis Pending')).toBeInTheDocument();
  });
});

describe('monthly limit banner', () => {
  const show = (limit: Partial<MonthlyAnalysisLimitDto>) =>
    renderWithApp(<MonthlyLimitBanner limit={limitOf(limit).data.monthlyAnalysisLimit} />);

  it('is hidden without a limit and while more than 1 analysis remains', () => {
    show({ hasLimit: false, limit: null, remaining: null }).unmount();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    show({ used: 3, remaining: 2 });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('warns in yellow at 1 remaining', () => {
    show({ used: 4, remaining: 1 });
    expect(screen.getByText(AnalysisMessages.limitWarningTitle)).toBeInTheDocument();
    expect(screen.getByText(/You have 1 AI analysis left this month/)).toBeInTheDocument();
    expect(screen.queryByText(AnalysisMessages.limitReachedTitle)).not.toBeInTheDocument();
  });

  it('turns red when the limit is reached, with an upgrade link', () => {
    show({ used: 5, remaining: 0, limitReached: true });
    expect(screen.getByText(AnalysisMessages.limitReachedTitle)).toBeInTheDocument();
    expect(screen.queryByText(AnalysisMessages.limitWarningTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
  });
});
