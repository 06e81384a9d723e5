import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPromoCodeDto, AdminUserDto } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import { AdminPage } from './AdminPage';

const user = (overrides: Partial<AdminUserDto>): AdminUserDto => ({
  id: crypto.randomUUID(),
  email: 'rider@example.com',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  subscriptionTier: 'free',
  createdAt: '2026-03-01T10:00:00.000Z',
  totalRides: 0,
  totalAiFeedback: 0,
  ...overrides,
});

const beryl = user({
  email: 'beryl@example.com',
  firstName: 'Beryl',
  lastName: 'Burton',
  totalRides: 12,
  totalAiFeedback: 4,
});
const eddy = user({
  email: 'eddy@example.com',
  firstName: 'Eddy',
  lastName: 'Merckx',
  subscriptionTier: 'pro',
});
const nameless = user({ email: 'anon@example.com' });

type Call = { method: string; path: string; body: unknown };

/** Answers the admin REST calls; records what was sent. */
const fakeServer = (routes: Record<string, (body: unknown) => [number, unknown]>) => {
  const calls: Call[] = [];
  const fetchMock = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const [status, answer] = route ? route(body) : [404, { message: 'Not found' }];
    const text = JSON.stringify(answer);
    // jsdom has no Response: the parts of one the admin helper reads
    return Promise.resolve({
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      text: () => Promise.resolve(text),
      json: () => Promise.resolve(JSON.parse(text) as unknown),
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return calls;
};

const promo = (overrides: Partial<AdminPromoCodeDto>): AdminPromoCodeDto => ({
  id: crypto.randomUUID(),
  code: 'SPRING',
  description: 'Spring classics',
  discountType: 'percentage',
  discountValue: 25,
  validFrom: '2026-01-01T00:00:00.000Z',
  validUntil: '2099-01-01T00:00:00.000Z',
  usageLimit: 50,
  usedCount: 3,
  isActive: true,
  status: 'ACTIVE',
  ...overrides,
});

const baseRoutes = (promos: AdminPromoCodeDto[] = []) => ({
  'GET /api/admin/stats': () =>
    [200, { totalUsers: 3, proUsers: 1, eliteUsers: 0, monthlyRevenue: 1287.5 }] as [number, unknown],
  'GET /api/admin/users': () => [200, [beryl, eddy, nameless]] as [number, unknown],
  'GET /api/admin/promo-codes': () => [200, promos] as [number, unknown],
});

const renderAdmin = () => {
  const { client } = fakeApolloClient({
    AdminAuth: () => ({ data: { adminAuth: { __typename: 'AdminAuth', isAdmin: true } } }),
  });
  renderWithApp(<AdminPage />, { route: '/admin', client, withToaster: true });
  return userEvent.setup();
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => toaster.remove());
});

describe('/admin dashboard', () => {
  it('shows the four stat cards and every user with their counts', async () => {
    fakeServer(baseRoutes());
    renderAdmin();
    expect(await screen.findByLabelText('Total Users', {}, { timeout: 5000 })).toHaveTextContent('3');
    expect(screen.getByLabelText('Pro Subscribers')).toHaveTextContent('1');
    expect(screen.getByLabelText('Elite Subscribers')).toHaveTextContent('0');
    expect(screen.getByLabelText('Monthly Revenue')).toHaveTextContent('$1,287.5');
    expect(screen.getByRole('button', { name: 'About Monthly Revenue' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByText('Beryl Burton').closest('tr')!;
    expect(within(row).getByText('beryl@example.com')).toBeInTheDocument();
    expect(within(row).getByText('FREE', { selector: 'span' })).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(table).getByText('No name set')).toBeInTheDocument();
  });

  it('searches name or email case-insensitively, filters by tier, and says when nothing matches', async () => {
    fakeServer(baseRoutes());
    const events = renderAdmin();
    await screen.findByText('Beryl Burton');
    await events.type(screen.getByLabelText('Search users'), 'bERYL BUR');
    expect(screen.getByText('Beryl Burton')).toBeInTheDocument();
    expect(screen.queryByText('Eddy Merckx')).not.toBeInTheDocument();
    await events.clear(screen.getByLabelText('Search users'));
    await events.type(screen.getByLabelText('Search users'), 'EDDY@');
    expect(screen.getByText('Eddy Merckx')).toBeInTheDocument();
    await events.clear(screen.getByLabelText('Search users'));
    await events.selectOptions(screen.getByLabelText('Filter by tier'), 'elite');
    expect(screen.getByText('No users found matching your criteria')).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('option')
        .map((option) => option.textContent)
        .slice(0, 4),
    ).toEqual(['All Tiers', 'Free', 'Pro', 'Elite']);
  });

  it('changes a tier: PATCH {subscriptionTier}, "User Updated"; a failure says so', async () => {
    const calls = fakeServer({
      ...baseRoutes(),
      [`PATCH /api/admin/users/${beryl.id}`]: () => [
        200,
        { message: 'User Updated', userId: beryl.id, subscriptionTier: 'pro' },
      ],
      [`PATCH /api/admin/users/${eddy.id}`]: () => [503, { message: 'Service temporarily unavailable.' }],
    });
    const events = renderAdmin();
    await events.selectOptions(await screen.findByLabelText('Subscription tier for Beryl Burton'), 'pro');
    expect(await screen.findByText('User Updated')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `/api/admin/users/${beryl.id}`,
      body: { subscriptionTier: 'pro' },
    });
    const row = screen.getByText('Beryl Burton').closest('tr')!;
    expect(within(row).getByText('PRO', { selector: 'span' })).toBeInTheDocument();
    await events.selectOptions(screen.getByLabelText('Subscription tier for Eddy Merckx'), 'elite');
    expect(await screen.findByText('Failed to update user. Please try again.')).toBeInTheDocument();
  });

  it('deletes a user after a confirmation naming them: "User Deleted", the row goes, the purge completes', async () => {
    const deletion = (status: 'pending' | 'complete', pendingServices: string[]) => ({
      message: 'User Deleted',
      userId: beryl.id,
      status,
      purgedBy: [],
      pendingServices,
      requestedAt: '2026-03-01T10:00:00.000Z',
      completedAt: status === 'complete' ? '2026-03-01T10:00:02.000Z' : null,
    });
    // the server counts Beryl until every service has purged her
    let serverStats = { totalUsers: 3, proUsers: 1, eliteUsers: 0, monthlyRevenue: 1287.5 };
    const calls = fakeServer({
      ...baseRoutes(),
      'GET /api/admin/stats': () => [200, serverStats],
      [`DELETE /api/admin/users/${beryl.id}`]: () => [200, deletion('pending', ['rides'])],
      [`GET /api/admin/users/${beryl.id}/deletion`]: () => {
        serverStats = { totalUsers: 2, proUsers: 1, eliteUsers: 0, monthlyRevenue: 990 };
        return [200, deletion('complete', [])];
      },
    });
    const events = renderAdmin();
    expect(await screen.findByLabelText('Total Users', {}, { timeout: 5000 })).toHaveTextContent('3');
    const row = (await screen.findByText('Beryl Burton')).closest('tr')!;
    await events.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent('Beryl Burton');
    expect(dialog).toHaveTextContent('cannot be undone');
    expect(dialog).toHaveTextContent('rides and AI feedback');
    await events.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Beryl Burton')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    // the stat cards count her out at once, without a reload of the page
    expect(screen.getByLabelText('Total Users')).toHaveTextContent('2');
    expect(screen.getByLabelText('Pro Subscribers')).toHaveTextContent('1');
    expect(screen.getByLabelText('Monthly Revenue')).toHaveTextContent('$1,287.5');
    // the admin sees the purge finish in every service
    expect(screen.getByText('Deleting beryl@example.com: waiting for rides.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'beryl@example.com has been removed from every service.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    // then the cards show the server's figures again
    await waitFor(() => expect(screen.getByLabelText('Monthly Revenue')).toHaveTextContent('$990'));
    expect(screen.getByLabelText('Total Users')).toHaveTextContent('2');
  });

  it('promo codes: the empty state, the required fields, then a created code in the spec shape', async () => {
    const calls = fakeServer({
      ...baseRoutes(),
      'POST /api/admin/promo-codes': (body) => [201, promo({ ...(body as object), id: 'p1', usedCount: 0 })],
    });
    const events = renderAdmin();
    await events.click(await screen.findByRole('tab', { name: 'Promo Codes' }));
    expect(await screen.findByText('No promo codes created yet')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Create Your First Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Promo Code' });
    await events.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await events.type(within(dialog).getByLabelText(/Code/), 'summer');
    expect(within(dialog).getByLabelText(/Code/)).toHaveValue('SUMMER');
    await events.selectOptions(within(dialog).getByLabelText('Discount Type'), 'fixed');
    await events.type(within(dialog).getByLabelText(/Discount Value/), '9000');
    await events.type(within(dialog).getByLabelText(/Valid From/), '2026-05-01T08:00');
    await events.type(within(dialog).getByLabelText(/Valid Until/), '2026-06-01T08:00');
    await events.click(within(dialog).getByRole('button', { name: 'Create Promo Code' }));
    expect(await screen.findByText('Promo Code Created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'SUMMER',
      description: null,
      discountType: 'fixed',
      discountValue: 9000,
      validFrom: new Date('2026-05-01T08:00').toISOString(),
      validUntil: new Date('2026-06-01T08:00').toISOString(),
      usageLimit: null,
    });
  });

  it('lists promo codes with discount, period, usage and status; INACTIVE once expired; delete confirms', async () => {
    const expired = promo({
      code: 'OLD',
      validUntil: '2020-01-01T00:00:00.000Z',
      usageLimit: null,
      usedCount: 7,
    });
    const spring = promo({});
    fakeServer({
      ...baseRoutes([spring, expired]),
      [`DELETE /api/admin/promo-codes/${spring.id}`]: () => [500, { message: 'Something went wrong.' }],
    });
    const events = renderAdmin();
    await events.click(await screen.findByRole('tab', { name: 'Promo Codes' }));
    const springRow = (await screen.findByText('SPRING')).closest('tr')!;
    expect(springRow).toHaveTextContent('Spring classics');
    expect(springRow).toHaveTextContent('25% OFF');
    expect(springRow).toHaveTextContent('3/50');
    expect(springRow).toHaveTextContent('ACTIVE');
    const oldRow = screen.getByText('OLD').closest('tr')!;
    expect(oldRow).toHaveTextContent('INACTIVE');
    expect(within(oldRow).getByText('7')).toBeInTheDocument();
    await events.click(within(springRow).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Promo Code' });
    expect(dialog).toHaveTextContent('SPRING');
    await events.click(within(dialog).getByRole('button', { name: 'Delete Promo Code' }));
    expect(await screen.findByText('Failed to delete promo code. Please try again.')).toBeInTheDocument();
  });
});
