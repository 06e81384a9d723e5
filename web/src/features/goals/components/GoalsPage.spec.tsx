import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GoalDto } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import type { Session } from '../../../app/session/session-context';
import { testUser } from '../../../test/fixtures';
import { riderSettings } from '../../profile/test-rider-settings';
import { GoalsPage } from './GoalsPage';

const goal = (overrides: Partial<GoalDto> = {}): GoalDto & { __typename: 'Goal' } => ({
  __typename: 'Goal',
  id: 'g1',
  title: 'Century month',
  description: 'Ride 100 miles',
  type: 'distance',
  unit: 'miles',
  targetValue: 100,
  currentValue: 42.5,
  targetDate: '2026-12-31',
  status: 'active',
  createdAt: '2026-12-01T00:00:00.000Z',
  completedAt: null,
  ...overrides,
});

const list = (goals: GoalDto[]) => ({ data: { goals } });

const setup = (handlers: Record<string, OperationHandler>, session?: Session) => {
  const { client, calls } = fakeApolloClient(handlers);
  const events = userEvent.setup();
  renderWithApp(<GoalsPage />, { route: '/goals', client, withToaster: true, session });
  return { calls, events };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('/goals', () => {
  it('shows goal cards with progress capped at 100%, status and due date', async () => {
    setup({
      Goals: () =>
        list([
          goal(),
          goal({
            id: 'g2',
            title: 'Climb',
            type: 'elevation',
            unit: 'ft',
            targetValue: 1000,
            currentValue: 1500,
            status: 'completed',
            description: null,
          }),
        ]),
    });
    const card = within(await screen.findByRole('article', { name: 'Century month' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your Goals' })).toBeInTheDocument();
    expect(card.getByText('Progress: 42.5 / 100 miles')).toBeInTheDocument();
    expect(card.getByText('Due Dec 31, 2026')).toBeInTheDocument();
    expect(card.getByText('active')).toBeInTheDocument();
    expect(card.getByText('Ride 100 miles')).toBeInTheDocument();
    const done = within(screen.getByRole('article', { name: 'Climb' }));
    expect(done.getByText('Progress: 1,500 / 1,000 ft')).toBeInTheDocument();
    expect(done.getAllByText('Completed')).toHaveLength(2); // badge and marker
    expect(done.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows and takes distance, elevation and speed targets in km, m and km/h for a metric rider', async () => {
    let created: Record<string, unknown> | null = null;
    const { events } = setup(
      {
        Goals: () =>
          list([
            goal(),
            goal({
              id: 'g2',
              title: 'Climb',
              type: 'elevation',
              unit: 'ft',
              targetValue: 1000,
              currentValue: 1500,
            }),
          ]),
        RiderSettings: () => ({ data: { riderSettings: riderSettings({ units: 'metric' }) } }),
        CreateGoal: (variables) => {
          created = variables.input as Record<string, unknown>;
          return { data: { createGoal: goal({ id: 'g3', title: 'Metric century' }) } };
        },
      },
      fakeSession({ user: testUser(), status: 'authenticated' }),
    );
    const card = within(await screen.findByRole('article', { name: 'Century month' }));
    expect(await card.findByText('Progress: 68.4 / 160.93 km')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Climb' })).getByText('Progress: 457.2 / 304.8 m'),
    ).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'New Goal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Goal' }));
    expect(
      within(dialog.getByRole('combobox', { name: 'Goal Type' })).getByRole('option', {
        name: 'Distance (kilometres)',
      }),
    ).toBeInTheDocument();
    await events.type(dialog.getByLabelText(/Goal Title/), 'Metric century');
    await events.type(dialog.getByLabelText(/Target \(km\)/), '100');
    await events.type(dialog.getByLabelText(/Target Date/), '2026-12-31');
    await events.click(dialog.getByRole('button', { name: 'Create Goal' }));
    expect(await screen.findByText('Goal Created')).toBeInTheDocument();
    // kept in the API's miles
    expect(created).toMatchObject({ type: 'distance', title: 'Metric century' });
    expect(created!.targetValue).toBeCloseTo(62.137, 3);
  });

  it('shows the empty state and creates a goal, refusing missing fields with the spec message', async () => {
    let created: Record<string, unknown> | null = null;
    const { events } = setup({
      Goals: () => list(created ? [goal({ title: 'Hill hours', type: 'time', unit: 'hours' })] : []),
      CreateGoal: (variables) => {
        created = variables.input as Record<string, unknown>;
        return { data: { createGoal: goal({ title: 'Hill hours', type: 'time', unit: 'hours' }) } };
      },
    });
    expect(await screen.findByRole('heading', { name: 'No Goals Yet' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Create Your First Goal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Goal' }));
    expect(dialog.getByLabelText('Description (Optional)')).toHaveAttribute('rows', '3');
    expect(dialog.getByRole('combobox', { name: 'Goal Type' })).toHaveValue('distance');
    expect(dialog.getByLabelText(/Target \(miles\)/)).toBeInTheDocument();

    await events.type(dialog.getByLabelText(/Goal Title/), 'Hill hours');
    await events.click(dialog.getByRole('button', { name: 'Create Goal' }));
    expect(await dialog.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(created).toBeNull();

    await events.selectOptions(dialog.getByRole('combobox', { name: 'Goal Type' }), 'Time (hours)');
    await events.type(dialog.getByLabelText(/Target \(hours\)/), '12.5');
    await events.type(dialog.getByLabelText(/Target Date/), '2026-12-31');
    await events.click(dialog.getByRole('button', { name: 'Create Goal' }));
    expect(await screen.findByText('Goal Created')).toBeInTheDocument();
    expect(screen.getByText('Your new goal has been set successfully!')).toBeInTheDocument();
    expect(created).toEqual({
      title: 'Hill hours',
      description: null,
      type: 'time',
      targetValue: 12.5,
      targetDate: '2026-12-31',
    });
    expect(await screen.findByRole('article', { name: 'Hill hours' })).toBeInTheDocument();
  });

  it('shows the server message when creating fails, else the fallback', async () => {
    const { events } = setup({
      Goals: () => list([]),
      CreateGoal: () => ({ errors: [{ message: 'Target date cannot be in the past' }] }),
    });
    await events.click(await screen.findByRole('button', { name: /New Goal/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Goal' }));
    await events.type(dialog.getByLabelText(/Goal Title/), 'Late');
    await events.type(dialog.getByLabelText(/Target \(miles\)/), '10');
    await events.type(dialog.getByLabelText(/Target Date/), '2020-01-01');
    await events.click(dialog.getByRole('button', { name: 'Create Goal' }));
    expect(await screen.findByText('Target date cannot be in the past')).toBeInTheDocument();
  });

  it('edits a goal and deletes one after confirmation', async () => {
    let goals = [goal()];
    const { events, calls } = setup({
      Goals: () => list(goals),
      UpdateGoal: (variables) => {
        const input = variables.input as { title: string };
        goals = [goal({ title: input.title })];
        return { data: { updateGoal: goals[0] } };
      },
      DeleteGoal: (variables) => {
        goals = [];
        return { data: { deleteGoal: variables.id } };
      },
    });
    const card = within(await screen.findByRole('article', { name: 'Century month' }));
    await events.click(card.getByRole('button', { name: 'Edit Century month' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Goal' }));
    const title = dialog.getByLabelText(/Goal Title/);
    expect(title).toHaveValue('Century month');
    await events.clear(title);
    await events.type(title, 'Double century');
    await events.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Goal Updated')).toBeInTheDocument();
    const renamed = within(await screen.findByRole('article', { name: 'Double century' }));

    await events.click(renamed.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete this goal?' }));
    await events.click(confirm.getByRole('button', { name: 'Delete Goal' }));
    expect(await screen.findByText('Goal Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No Goals Yet' })).toBeInTheDocument());
    expect(calls).toContain('DeleteGoal');
  }, 30_000);
});
