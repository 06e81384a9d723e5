import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RideDto } from '@domestique/proto';
import { fakeApolloClient } from '../../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../../test/render';
import { ride } from '../../test-rides';
import { RidesPage } from '../RidesPage';
import { readDraft } from './RideFiltersBar';
import { testUser } from '../../../../test/fixtures';

const user = testUser({ stravaId: '12345' });
jest.setTimeout(30_000);

const page = (rides: RideDto[], totalCount: number) => ({
  data: { ridesPage: { __typename: 'RidesPage', rides, totalCount, nextCursor: null } },
});

/** The rides page with a fake API that answers 2 rides of 30 unless the filter keeps none. */
const setup = (route: string) => {
  const filters: unknown[] = [];
  const { client } = fakeApolloClient({
    RidesPage: (variables) => {
      filters.push(variables.filter);
      const filter = variables.filter as { type?: string };
      return filter.type === 'Handcycle' ? page([], 0) : page([ride(1), ride(2)], 30);
    },
    UserAverages: () => ({
      data: {
        userAverages: {
          __typename: 'UserAverages',
          totalRides: 30,
          averageSpeed: 7,
          averagePower: 190,
          averageDistance: 32_000,
        },
      },
    }),
    StravaConnection: () => ({
      data: {
        stravaConnection: {
          __typename: 'StravaConnection',
          connected: false,
          athleteId: null,
          connectedAt: null,
        },
      },
    }),
  });
  const events = userEvent.setup();
  const { location } = renderWithApp(<RidesPage />, {
    route,
    client,
    session: fakeSession({ user, status: 'authenticated' }),
  });
  const search = () => new URLSearchParams(location.current?.search);
  return { filters, events, search };
};

describe('rides page filters', () => {
  it('reads the filters from the URL into the controls and the query, with the filtered count', async () => {
    const { filters } = setup(
      '/rides?type=GravelRide&minDistance=20&hasAiFeedback=false&sortBy=speed&sortOrder=asc',
    );
    expect(await screen.findByText('Showing 2 of 30 rides')).toBeInTheDocument();
    expect(filters[0]).toEqual({
      type: 'GravelRide',
      minDistance: 20,
      hasAiFeedback: false,
      sortBy: 'speed',
      sortOrder: 'asc',
    });
    expect(screen.getByLabelText('Sort by')).toHaveValue('speed');
    expect(screen.getByLabelText('Order')).toHaveDisplayValue('Slowest first');
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'true');
    const form = within(screen.getByRole('form', { name: 'Ride filters' }));
    expect(form.getByLabelText('Ride type')).toHaveDisplayValue('Gravel Ride');
    expect(form.getByLabelText('AI feedback')).toHaveDisplayValue('No');
    expect(form.getByLabelText('Min distance (mi)')).toHaveValue(20);
  });

  it('writes each change into the URL and asks the server again', async () => {
    const { filters, events, search } = setup('/rides');
    await screen.findByText('Showing 2 of 30 rides');
    expect(filters[0]).toEqual({ sortBy: 'date', sortOrder: 'desc' });
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'false');

    await events.selectOptions(screen.getByLabelText('Sort by'), 'distance');
    expect(search().toString()).toBe('sortBy=distance');
    await events.selectOptions(screen.getByLabelText('Order'), 'Shortest first');
    expect(search().toString()).toBe('sortBy=distance&sortOrder=asc');

    await events.click(screen.getByRole('button', { name: /Filters/ }));
    const form = within(screen.getByRole('form', { name: 'Ride filters' }));
    await events.type(form.getByLabelText('Min duration (min)'), '45');
    await events.tab();
    expect(search().get('minDuration')).toBe('45');
    await events.type(form.getByLabelText('From'), '2026-03-01');
    await events.keyboard('{Enter}');
    expect(search().get('from')).toBe('2026-03-01');
    await events.selectOptions(form.getByLabelText('AI feedback'), 'Yes');
    expect(search().get('hasAiFeedback')).toBe('true');
    await waitFor(() =>
      expect(filters.at(-1)).toEqual({
        from: '2026-03-01',
        minDuration: 45,
        hasAiFeedback: true,
        sortBy: 'distance',
        sortOrder: 'asc',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    );
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('3');

    await events.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search().toString()).toBe('sortBy=distance&sortOrder=asc');
    expect(form.getByLabelText('Min duration (min)')).toHaveValue(null);
  });

  it('does not apply a value the server would refuse, and says why', async () => {
    const { events, search } = setup('/rides?maxDistance=10');
    await screen.findByText('Showing 2 of 30 rides');
    const form = within(screen.getByRole('form', { name: 'Ride filters' }));
    await events.type(form.getByLabelText('Min distance (mi)'), '25');
    await events.keyboard('{Enter}');
    expect(await form.findByText('Max distance must not be less than min distance')).toBeInTheDocument();
    expect(search().toString()).toBe('maxDistance=10');
    await events.clear(form.getByLabelText('Min duration (min)'));
    await events.type(form.getByLabelText('Min duration (min)'), '1.5');
    await events.click(form.getByRole('button', { name: 'Apply filters' }));
    expect(form.getByText('Enter whole minutes from 0 to 100000')).toBeInTheDocument();
    expect(search().toString()).toBe('maxDistance=10');
  });

  it('says no ride matches, and clears the filters from there', async () => {
    const { events, search } = setup('/rides?type=Handcycle&sortBy=speed');
    expect(await screen.findByText('No rides match these filters')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 rides')).toBeInTheDocument();
    expect(screen.queryByText('No rides yet')).not.toBeInTheDocument();
    // the panel's own button and the empty state's
    const [, inEmptyState] = screen.getAllByRole('button', { name: 'Clear filters' });
    await events.click(inEmptyState!);
    expect(search().toString()).toBe('sortBy=speed');
    expect(await screen.findByText('Showing 2 of 30 rides')).toBeInTheDocument();
  });
});

describe('distance filters in the rider’s units', () => {
  const draft = { from: '', to: '', minDuration: '', maxDuration: '' };
  it('takes miles as typed for an imperial rider', () => {
    expect(readDraft({ ...draft, minDistance: '10', maxDistance: '' }).values.minDistance).toBe(10);
    expect(readDraft({ ...draft, minDistance: '10001', maxDistance: '' }).errors.minDistance).toBe(
      'Enter miles from 0 to 10000',
    );
  });
  it('takes km from a metric rider and sends the API miles', () => {
    const read = readDraft({ ...draft, minDistance: '40', maxDistance: '16093.4' }, 'metric');
    expect(read.errors).toEqual({});
    expect(read.values.minDistance).toBeCloseTo(24.855, 3);
    expect(read.values.maxDistance).toBe(10_000);
    expect(readDraft({ ...draft, minDistance: '16094', maxDistance: '' }, 'metric').errors.minDistance).toBe(
      'Enter kilometres from 0 to 16093.4',
    );
  });
});
