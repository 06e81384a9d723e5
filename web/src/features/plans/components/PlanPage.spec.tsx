import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanMessages, type TrainingPlanDto } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { testUser } from '../../../test/fixtures';
import { fakeSession, renderWithApp } from '../../../test/render';
import { plansAnswer, plansAnswerEliteOnSale } from '../../subscribe/test-billing';
import { freezeToday, testPlan } from '../test-plans';
import { answer, fakeRest, type RestCall } from '../test-rest';
import { PlanPage } from './PlanPage';

const render = (tier: 'free' | 'pro' | 'elite', plans = plansAnswer) =>
  renderWithApp(<PlanPage />, {
    route: '/plan',
    withToaster: true,
    session: fakeSession({ user: testUser({ subscriptionTier: tier }), status: 'authenticated' }),
    client: fakeApolloClient({ Plans: plans }).client,
  });

let rest: ReturnType<typeof fakeRest> | undefined;
const serve = (routes: Parameters<typeof fakeRest>[0]) => {
  rest = fakeRest(routes);
  return rest.calls;
};
const noPlan = () => answer({ message: PlanMessages.noPlan }, 404);

beforeEach(() => {
  freezeToday();
});
afterEach(() => {
  rest?.restore();
  jest.useRealTimers();
  act(() => toaster.remove());
});

describe('PlanPage', () => {
  it('locks the plan for a pro rider with Elite coming soon and the waitlist, asking nothing of the plans API', async () => {
    const calls = serve({});
    render('pro');
    expect(screen.getByText('Training plans are an Elite feature')).toBeInTheDocument();
    expect(screen.getByText('Elite plan will be available soon. Stay tuned!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Get Notified' }));
    expect(await screen.findByRole('dialog', { name: 'Get Notified About Elite Plan' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offers a pro rider the Elite upgrade once billing sells it', async () => {
    serve({});
    render('pro', plansAnswerEliteOnSale);
    expect(await screen.findByRole('link', { name: 'Upgrade to Elite' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByRole('button', { name: 'Coming Soon' })).toBeNull();
  });

  it('shows a free rider the upgrade prompt', async () => {
    const calls = serve({});
    render('free');
    expect(screen.getByText('Training plans are an Elite feature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
    await act(() => Promise.resolve());
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal when it does not take the rider as Elite", async () => {
    serve({ 'GET /api/plans/current': () => answer({ message: PlanMessages.requiresElite }, 403) });
    render('elite');
    expect(await screen.findByText(PlanMessages.requiresElite)).toBeInTheDocument();
  });

  it('checks the builder in the browser with the contract, then sends the plan asked for', async () => {
    const user = userEvent.setup();
    const created = testPlan();
    const calls = serve({
      'GET /api/plans/current': noPlan,
      'POST /api/plans': () => answer(created, 201),
    });
    render('elite');
    const form = within(await screen.findByRole('form', { name: 'Build your plan' }));
    const date = form.getByLabelText(/Event date/);
    expect(date).toHaveAttribute('min', '2026-04-08');
    expect(date).toHaveAttribute('max', '2027-03-10');

    await user.click(form.getByRole('button', { name: 'Build my plan' }));
    expect(await form.findByText(PlanMessages.eventName)).toBeInTheDocument();
    expect(form.getByText(PlanMessages.eventDate)).toBeInTheDocument();

    await user.type(form.getByLabelText(/Event or goal/), 'Marmotte Gran Fondo');
    fireEvent.change(date, { target: { value: '2026-04-01' } });
    const hours = form.getByLabelText(/Weekly hours/);
    await user.clear(hours);
    await user.type(hours, '30');
    for (const day of ['Tuesday', 'Thursday', 'Saturday'])
      await user.click(form.getByRole('checkbox', { name: day }));
    await user.click(form.getByRole('button', { name: 'Build my plan' }));
    expect(await form.findByText(PlanMessages.eventTooSoon)).toBeInTheDocument();
    expect(form.getByText(PlanMessages.weeklyHours)).toBeInTheDocument();
    expect(form.getByText(PlanMessages.ridingDays)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-05-31' } });
    await user.clear(hours);
    await user.type(hours, '8.5');
    await user.click(form.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(form.getByRole('checkbox', { name: 'Saturday' }));
    await user.selectOptions(form.getByLabelText(/Event type/), 'Road race');
    await user.selectOptions(form.getByLabelText(/Long ride day/), 'Saturday');
    await user.click(form.getByRole('button', { name: 'Build my plan' }));

    expect(await screen.findByRole('heading', { name: 'Marmotte Gran Fondo' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/plans');
    expect(post.body).toEqual({
      eventName: 'Marmotte Gran Fondo',
      eventDate: '2026-05-31',
      eventType: 'road-race',
      weeklyHours: 8.5,
      ridingDays: ['wed', 'sat', 'sun'],
      longRideDay: 'sat',
      tz: expect.any(String),
    });
    expect(await screen.findByText('Your plan is ready')).toBeInTheDocument();
  });

  it("shows the server's refusal of a plan on its field, the button waiting while it is sent", async () => {
    const user = userEvent.setup();
    let refuse!: () => void;
    serve({
      'GET /api/plans/current': noPlan,
      'POST /api/plans': () =>
        new Promise((resolve) => {
          refuse = () => resolve(answer({ message: PlanMessages.eventTooFar }, 400));
        }),
    });
    render('elite');
    const form = within(await screen.findByRole('form', { name: 'Build your plan' }));
    await user.type(form.getByLabelText(/Event or goal/), 'Fondo');
    fireEvent.change(form.getByLabelText(/Event date/), { target: { value: '2026-06-07' } });
    await user.click(form.getByRole('button', { name: 'Build my plan' }));
    await waitFor(() => expect(form.getByRole('button', { name: /Building your plan/ })).toBeDisabled());
    refuse();
    expect(await form.findByText(PlanMessages.eventTooFar)).toBeInTheDocument();
    expect(form.getByLabelText(/Event date/)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('button', { name: 'Build my plan' })).toBeEnabled();
  });

  it('draws the plan: event, phases, adjustments newest first, weeks and race preparation', async () => {
    serve({ 'GET /api/plans/current': () => answer(testPlan()) });
    render('elite');
    expect(await screen.findByRole('heading', { name: 'Marmotte Gran Fondo' })).toBeInTheDocument();
    expect(screen.getByText(/May 31, 2026 · 11 weeks to go · 8 h a week/)).toBeInTheDocument();
    expect(
      screen.getByText('Built from your fitness (CTL 42) over 14 weeks, rising at most 6 a week.'),
    ).toBeInTheDocument();
    const phases = within(screen.getByRole('list', { name: 'Phases' })).getAllByRole('listitem');
    expect(phases.map((item) => item.textContent)).toEqual([
      'BaseFeb 23 – Mar 22',
      'BuildMar 23 – Apr 26',
      'PeakApr 27 – May 17',
      'TaperMay 18 – May 31',
    ]);
    const adjustments = within(screen.getByRole('region', { name: 'Adjustments' })).getAllByRole('listitem');
    expect(adjustments[0]).toHaveTextContent(
      "Moved Thursday's VO2max session: your form is -28 after Tuesday's race.",
    );
    expect(adjustments[0]).toHaveTextContent('Mar 10, 2026');
    expect(adjustments[1]).toHaveTextContent('Lowered this week to 360 TSS');
    const weeks = within(screen.getByRole('region', { name: 'Weeks' }));
    const recovery = weeks.getByRole('row', { name: /Recovery/ });
    expect(recovery).toHaveTextContent('A recovery week at 60% of the load');
    expect(
      within(recovery)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['250', '245', '0', '50']));
    const prep = within(screen.getByRole('region', { name: 'Race preparation' }));
    expect(prep.getByText('Taper from May 18, 2026')).toBeInTheDocument();
    expect(prep.getByText('4-6 h: 65-75% FTP (169-195 W)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/calendar');
  });

  it('uploads a GPX course and shows its pacing plan; refuses other files; removes it', async () => {
    const user = userEvent.setup();
    const paced: TrainingPlanDto = testPlan({
      racePrep: {
        ...testPlan().racePrep,
        pacing: {
          courseName: 'Marmotte',
          distanceKm: 174.4,
          ascentM: 5000,
          expectedTimeS: 30_930,
          targetAverageWatts: 182,
          segments: [
            {
              fromKm: 0,
              toKm: 12.5,
              gradient: 0.4,
              targetWatts: 175,
              targetHrZone: null,
              expectedTimeS: 1_200,
            },
            {
              fromKm: 12.5,
              toKm: 40,
              gradient: 7.1,
              targetWatts: 205,
              targetHrZone: null,
              expectedTimeS: 7_260,
            },
          ],
          assumptions: 'FTP 260 W, 72 kg with the bike, CdA 0.32 m², Crr 0.004.',
        },
      },
    });
    const calls = serve({
      'GET /api/plans/current': () => answer(testPlan()),
      'POST /api/plans/current/course': () => answer(paced),
      'DELETE /api/plans/current/course': () => answer(null, 204),
    });
    render('elite');
    const prep = within(await screen.findByRole('region', { name: 'Race preparation' }));
    const input = prep.getByLabelText('GPX course file');
    expect(input).toHaveAttribute('accept', '.gpx,application/gpx+xml');

    fireEvent.change(input, { target: { files: [new File(['x'], 'route.txt', { type: 'text/plain' })] } });
    expect(await prep.findByText(PlanMessages.courseInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const gpx = new File(['<gpx/>'], 'marmotte.gpx', { type: 'application/gpx+xml' });
    fireEvent.change(input, { target: { files: [gpx] } });
    const pacing = within(await prep.findByRole('group', { name: 'Pacing plan for Marmotte' }));
    const sent = calls.find((call: RestCall) => call.method === 'POST')!;
    expect(sent.url.pathname).toBe('/api/plans/current/course');
    expect((sent.body as FormData).get('file')).toEqual(expect.objectContaining({ name: 'marmotte.gpx' }));
    expect(pacing.getByText('8:35:30')).toBeInTheDocument();
    expect(pacing.getByText('182 W')).toBeInTheDocument();
    const climb = pacing.getByRole('row', { name: /12\.5–40\.0/ });
    expect(climb).toHaveTextContent('7.1%');
    expect(climb).toHaveTextContent('205 W');
    expect(climb).toHaveTextContent('2:01:00');
    expect(pacing.getByText(/FTP 260 W, 72 kg/)).toBeInTheDocument();

    await user.click(prep.getByRole('button', { name: 'Remove course' }));
    await waitFor(() => expect(prep.queryByRole('group', { name: 'Pacing plan for Marmotte' })).toBeNull());
    expect(calls.at(-1)).toEqual(expect.objectContaining({ method: 'DELETE' }));
  });

  it('ends the plan after a confirmation, back to the builder', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/plans/current': () => answer(testPlan()),
      'DELETE /api/plans/current': () => answer(null, 204),
    });
    render('elite');
    await user.click(await screen.findByRole('button', { name: 'End plan' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'End this plan?' }));
    await user.click(dialog.getByRole('button', { name: 'End plan' }));
    expect(await screen.findByRole('form', { name: 'Build your plan' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'GET /api/plans/current',
      'DELETE /api/plans/current',
    ]);
  });

  it('shows a failed load with a retry that asks again', async () => {
    let failing = true;
    serve({
      'GET /api/plans/current': () =>
        failing ? answer({ message: 'The plans service is busy' }, 503) : answer(testPlan()),
    });
    render('elite');
    expect(await screen.findByText('The plans service is busy')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Marmotte Gran Fondo' })).toBeInTheDocument();
  });
});
