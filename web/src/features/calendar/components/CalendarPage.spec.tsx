import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanMessages, WorkoutExportMessages, type PlanSessionDto } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { testUser } from '../../../test/fixtures';
import { fakeSession, renderWithApp } from '../../../test/render';
import { plansAnswer } from '../../subscribe/test-billing';
import { freezeToday, SESSIONS, testCalendar, testPlan } from '../../plans/test-plans';
import { answer, fakeRest, type Answer, type RestCall } from '../../plans/test-rest';
import { CalendarPage } from './CalendarPage';

const RIDES = {
  '2026-03-09': [{ id: 'ride-1', name: 'Morning endurance', durationS: 5300, load: 66, sessionId: 's-done' }],
  '2026-03-10': [{ id: 'ride-2', name: 'Coffee ride', durationS: 2700, load: null, sessionId: null }],
};

/** The calendar of whatever range is asked, from these sessions. */
const calendarOf =
  (sessions: PlanSessionDto[], hasPlan = true) =>
  ({ url }: RestCall): Answer =>
    answer(
      testCalendar(
        url.searchParams.get('from')!,
        url.searchParams.get('to')!,
        hasPlan ? sessions : [],
        RIDES,
        hasPlan,
      ),
    );

/** The plan after a move: the session on its new day. */
const movedPlan = (id: string, date: string) =>
  testPlan({ sessions: SESSIONS.map((s) => (s.id === id ? { ...s, date, originalDate: s.date } : s)) });

const WEEK = { weekStart: '2026-03-09', plannedLoad: 420, targetLoad: 400, warning: null };

const render = (tier: 'free' | 'pro' | 'elite') =>
  renderWithApp(<CalendarPage />, {
    route: '/calendar',
    withToaster: true,
    session: fakeSession({ user: testUser({ subscriptionTier: tier }), status: 'authenticated' }),
    client: fakeApolloClient({ Plans: plansAnswer }).client,
  });

let rest: ReturnType<typeof fakeRest> | undefined;
const serve = (routes: Parameters<typeof fakeRest>[0]) => {
  rest = fakeRest(routes);
  return rest.calls;
};
const day = (name: string) => within(screen.getByRole('group', { name }));
const patches = (calls: RestCall[]) => calls.filter((call) => call.method === 'PATCH');
/** The calendar's own reads (the feed card asks for its status beside them). */
const calendarReads = (calls: RestCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/plans/calendar');

/** A DataTransfer as a browser hands it to drag events (jsdom has none). */
const dataTransfer = () => {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
};

/** Chakra's breakpoints ask matchMedia for each min-width: all match on a wide screen, none on a phone. */
const stubScreen = (width: 'wide' | 'narrow'): void => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      matches: width === 'wide',
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
};

beforeEach(() => {
  stubScreen('wide');
  freezeToday();
});
afterEach(() => {
  rest?.restore();
  jest.useRealTimers();
  act(() => toaster.remove());
});

describe('CalendarPage', () => {
  it.each(['pro', 'free'] as const)(
    'locks the calendar for a %s rider, asking the server nothing',
    async (tier) => {
      const calls = serve({});
      render(tier);
      expect(screen.getByText('The training calendar is an Elite feature')).toBeInTheDocument();
      if (tier === 'pro') expect(screen.getByRole('button', { name: 'Get Notified' })).toBeInTheDocument();
      else expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
      // the Elite offer's query and the toaster settle
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(calls).toEqual([]);
    },
  );

  it('shows the month, Monday first, with sessions and rides on their days, and a session in detail', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'GET /api/plans/calendar': calendarOf(SESSIONS) });
    render('elite');
    expect(await screen.findByRole('button', { name: /^5 x 4 min VO2max / })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Agenda' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Monday, February 23' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sunday, April 5' })).toBeInTheDocument();
    const asked = calendarReads(calls)[0]!.url.searchParams;
    expect([asked.get('from'), asked.get('to')]).toEqual(['2026-02-23', '2026-04-05']);
    expect(asked.get('tz')).toBeTruthy();

    const monday = day('Monday, March 9');
    expect(
      monday.getByRole('button', {
        name: 'Endurance 90 min 1h 30m · 70 TSS Completed, score 92: done as planned',
      }),
    ).toBeInTheDocument();
    expect(monday.getByRole('link', { name: /Morning endurance/ })).toHaveAttribute('href', '/rides/ride-1');
    // gone by: neither the done nor the missed session moves
    expect(monday.queryByRole('button', { name: /^Move/ })).toBeNull();
    const tuesday = day('Tuesday, March 10');
    expect(monday.getByText('Done · 92')).toBeInTheDocument();
    expect(tuesday.getAllByText('Missed')).toHaveLength(2); // the badge, and the chip's name in full
    expect(tuesday.getByRole('link', { name: /Coffee ride/ })).toHaveAttribute('href', '/rides/ride-2');
    expect(day('Wednesday, March 11, today').queryAllByRole('button')).toEqual([]);
    const thursday = day('Thursday, March 12');
    expect(thursday.getByRole('button', { name: 'Move 5 x 4 min VO2max' })).toBeInTheDocument();
    expect(
      day('Saturday, March 14').getByRole('button', { name: /Long ride 3 h 3h 0m · 150 TSS/ }),
    ).toBeInTheDocument();

    await user.click(monday.getByRole('button', { name: /Endurance 90 min/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Endurance 90 min' }));
    expect(dialog.getByText('Ridden as planned: 98% of the time and 94% of the load.')).toBeInTheDocument();
    expect(dialog.getByText('81%')).toBeInTheDocument();
    expect(dialog.getByText('Warm-up: 15 min at 50–65% FTP')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: '.zwo' })).toHaveAttribute(
      'href',
      '/api/plans/current/sessions/s-done/export?format=zwo',
    );
    expect(dialog.getByRole('link', { name: '.fit' })).toHaveAttribute('download');
    expect(dialog.getAllByRole('link', { name: /^\./ }).map((link) => link.textContent)).toEqual([
      '.zwo',
      '.fit',
      '.erg',
      '.mrc',
    ]);
  });

  it('offers a session by heart rate as a .fit workout only, saying why', async () => {
    const user = userEvent.setup();
    serve({ 'GET /api/plans/calendar': calendarOf(SESSIONS) });
    render('elite');
    await user.click(await screen.findByRole('button', { name: /^Long ride 3 h / }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Long ride 3 h' }));
    expect(dialog.getByText('Endurance: 3 h at HR zone 2')).toBeInTheDocument();
    expect(dialog.getAllByRole('link', { name: /^\./ }).map((link) => link.getAttribute('href'))).toEqual([
      '/api/plans/current/sessions/s-long/export?format=fit',
    ]);
    expect(dialog.getByText(WorkoutExportMessages.needsPower)).toBeInTheDocument();
  });

  it('moves a session with the keyboard, announcing each step, and shows the week checked again', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/plans/calendar': calendarOf(SESSIONS),
      'PATCH /api/plans/current/sessions/s-vo2': () =>
        answer({
          plan: movedPlan('s-vo2', '2026-03-13'),
          week: { ...WEEK, warning: 'This week is 5% over its target.' },
        }),
    });
    render('elite');
    const move = await screen.findByRole('button', { name: 'Move 5 x 4 min VO2max' });
    act(() => move.focus());
    await user.keyboard('{Enter}');
    const announcer = screen.getByTestId('calendar-announcer');
    expect(announcer).toHaveTextContent('Picked up 5 x 4 min VO2max on Thursday, March 12.');
    await user.keyboard('{ArrowRight}');
    expect(announcer).toHaveTextContent('Friday, March 13');
    expect(move).toHaveAccessibleName('Drop 5 x 4 min VO2max on Friday, March 13');
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText('Week of Mar 9: 420 TSS planned for a target of 400 TSS.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/This week is 5% over its target./).length).toBeGreaterThan(0);
    expect(patches(calls).map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/plans/current/sessions/s-vo2', { date: '2026-03-13' }],
    ]);
    expect(patches(calls)[0]!.url.searchParams.get('tz')).toBeTruthy();
    expect(day('Friday, March 13').getByRole('button', { name: /^5 x 4 min VO2max / })).toBeInTheDocument();
    expect(day('Thursday, March 12').queryByRole('button', { name: /^5 x 4 min VO2max / })).toBeNull();
    expect(announcer).toHaveTextContent('5 x 4 min VO2max moved to Friday, March 13.');
  });

  it('puts a session down where it was with Escape', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'GET /api/plans/calendar': calendarOf(SESSIONS) });
    render('elite');
    const move = await screen.findByRole('button', { name: 'Move Long ride 3 h' });
    act(() => move.focus());
    await user.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(screen.getByTestId('calendar-announcer')).toHaveTextContent(
      'Move cancelled: Long ride 3 h stays on Saturday, March 14.',
    );
    expect(patches(calls)).toEqual([]);
  });

  it('puts a refused move back on its day, with the server’s message', async () => {
    const user = userEvent.setup();
    let refuse!: () => void;
    serve({
      'GET /api/plans/calendar': calendarOf(SESSIONS),
      'PATCH /api/plans/current/sessions/s-vo2': () =>
        new Promise<Answer>((resolve) => {
          refuse = () => resolve(answer({ message: PlanMessages.moveDate }, 400));
        }),
    });
    render('elite');
    const move = await screen.findByRole('button', { name: 'Move 5 x 4 min VO2max' });
    act(() => move.focus());
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    // drawn on its new day while the server is asked
    expect(
      await day('Thursday, March 19').findByRole('button', { name: /^5 x 4 min VO2max / }),
    ).toBeInTheDocument();
    act(() => refuse());
    expect(
      await day('Thursday, March 12').findByRole('button', { name: /^5 x 4 min VO2max / }),
    ).toBeInTheDocument();
    expect(day('Thursday, March 19').queryByRole('button', { name: /^5 x 4 min VO2max / })).toBeNull();
    expect(screen.getAllByText(PlanMessages.moveDate).length).toBeGreaterThan(0);
    expect(screen.getByText('The session could not be moved')).toBeInTheDocument();
  });

  it('moves a session dropped on another day, and ignores a drop on a day gone by', async () => {
    const calls = serve({
      'GET /api/plans/calendar': calendarOf(SESSIONS),
      'PATCH /api/plans/current/sessions/s-long': () =>
        answer({ plan: movedPlan('s-long', '2026-03-16'), week: WEEK }),
    });
    render('elite');
    await screen.findByRole('button', { name: 'Move Long ride 3 h' });
    const chip = document.querySelector('[data-session-id="s-long"]')!;
    expect(chip).toHaveAttribute('draggable', 'true');
    expect(document.querySelector('[data-session-id="s-done"]')).toHaveAttribute('draggable', 'false');

    let transfer = dataTransfer();
    fireEvent.dragStart(chip, { dataTransfer: transfer });
    fireEvent.dragOver(screen.getByRole('group', { name: 'Tuesday, March 10' }), { dataTransfer: transfer });
    fireEvent.drop(screen.getByRole('group', { name: 'Tuesday, March 10' }), { dataTransfer: transfer });
    expect(patches(calls)).toEqual([]);

    transfer = dataTransfer();
    fireEvent.dragStart(chip, { dataTransfer: transfer });
    const target = screen.getByRole('group', { name: 'Monday, March 16' });
    fireEvent.dragOver(target, { dataTransfer: transfer });
    fireEvent.drop(target, { dataTransfer: transfer });
    expect(
      await day('Monday, March 16').findByRole('button', { name: /^Long ride 3 h / }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(patches(calls).map((call) => [call.url.pathname, call.body])).toEqual([
        ['/api/plans/current/sessions/s-long', { date: '2026-03-16' }],
      ]),
    );
    // in the alert above the calendar, and in the toast
    expect(
      await screen.findAllByText('Week of Mar 9: 420 TSS planned for a target of 400 TSS.'),
    ).toHaveLength(2);
    expect(screen.getByText('Session moved')).toBeInTheDocument();
  });

  it('collapses the month to an agenda of its own days on a narrow screen, moves included', async () => {
    const user = userEvent.setup();
    stubScreen('narrow');
    const calls = serve({
      'GET /api/plans/calendar': calendarOf(SESSIONS),
      'PATCH /api/plans/current/sessions/s-long': () =>
        answer({ plan: movedPlan('s-long', '2026-03-15'), week: WEEK }),
    });
    render('elite');
    const agenda = within(await screen.findByRole('list', { name: 'Agenda' }));
    expect(agenda.getByRole('group', { name: 'Thursday, March 12' })).toBeInTheDocument();
    // the days around the month are the grid's, not the agenda's
    expect(agenda.queryByRole('group', { name: 'Monday, February 23' })).toBeNull();
    const move = agenda.getByRole('button', { name: 'Move Long ride 3 h' });
    act(() => move.focus());
    await user.keyboard('{Enter}{ArrowRight}{Enter}');
    await waitFor(() => expect(patches(calls).map((call) => call.body)).toEqual([{ date: '2026-03-15' }]));
  });

  it('shows the rides without a plan, with a way to build one', async () => {
    serve({ 'GET /api/plans/calendar': calendarOf(SESSIONS, false) });
    render('elite');
    expect(await screen.findByText(/You have no training plan yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Build your plan' })).toHaveAttribute('href', '/plan');
    expect(day('Tuesday, March 10').getByRole('link', { name: /Coffee ride/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^5 x 4 min VO2max / })).toBeNull();
  });

  it('switches to the week and steps through weeks', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'GET /api/plans/calendar': calendarOf(SESSIONS) });
    render('elite');
    await screen.findByRole('button', { name: /^5 x 4 min VO2max / });
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    expect(await screen.findByRole('heading', { name: 'Mar 9 – Mar 15, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: 'Mar 16 – Mar 22, 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calendarReads(calls).map((call) => call.url.searchParams.get('from'))).toEqual([
        '2026-02-23',
        '2026-03-09',
        '2026-03-16',
      ]),
    );
  });

  it('gives the calendar feed address and resets it after a warning', async () => {
    const user = userEvent.setup();
    let secret = 0;
    const calls = serve({
      'GET /api/plans/calendar': calendarOf(SESSIONS),
      'GET /api/training/calendar-feed': () => answer({ active: false, createdAt: null }),
      'POST /api/training/calendar-feed': () => {
        secret += 1;
        return answer({ url: `https://domestique.test/api/training/calendar-feed/secret-${secret}.ics` });
      },
    });
    render('elite');
    await user.click(await screen.findByRole('button', { name: 'Subscribe in your calendar app' }));
    const address = await screen.findByRole('textbox', { name: 'Calendar feed address' });
    expect(address).toHaveValue('https://domestique.test/api/training/calendar-feed/secret-1.ics');
    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Reset the feed address?' }));
    expect(dialog.getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reset address' }));
    await waitFor(() =>
      expect(address).toHaveValue('https://domestique.test/api/training/calendar-feed/secret-2.ics'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('says a feed made earlier is live, and stops it after a warning', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/plans/calendar': calendarOf(SESSIONS),
      'GET /api/training/calendar-feed': () =>
        answer({ active: true, createdAt: '2026-03-01T09:00:00.000Z' }),
      'DELETE /api/training/calendar-feed': () => answer(null, 204),
    });
    render('elite');
    expect(await screen.findByText(/Your feed is live/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe in your calendar app' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop the feed' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Stop the calendar feed?' }));
    await user.click(dialog.getByRole('button', { name: 'Stop the feed' }));
    expect(await screen.findByRole('button', { name: 'Subscribe in your calendar app' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
