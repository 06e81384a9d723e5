import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { TopNav } from '../../../app/layout/TopNav';
import { SessionProvider } from '../../../app/session/SessionProvider';
import type { SessionUser } from '../../../app/session/session.graphql';
import { system } from '../../../app/theme';
import { AppToaster, toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { ProfilePage } from './ProfilePage';

const rider: SessionUser = {
  __typename: 'User',
  id: 'u1',
  email: 'greg@example.com',
  firstName: 'Greg',
  lastName: 'LeMond',
  profileImageUrl: null,
  createdAt: '2024-03-05T12:00:00.000Z',
  subscriptionTier: 'free',
  stripeCustomerId: null,
  stravaId: null,
};

/** The real session over a fake network, with the navigation, so a saved name shows everywhere. */
const renderProfile = (updateProfile: OperationHandler) => {
  const { client, calls } = fakeApolloClient({
    Me: () => ({ data: { me: rider } }),
    UpdateProfile: updateProfile,
  });
  render(
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/profile']}>
            <TopNav />
            <ProfilePage />
          </MemoryRouter>
        </SessionProvider>
      </ApolloProvider>
      <AppToaster />
    </ChakraProvider>,
  );
  return { calls, events: userEvent.setup() };
};

const card = () => screen.getByRole('region', { name: 'Profile Information' });

afterEach(() => {
  act(() => toaster.remove());
});

describe('/profile', () => {
  it('shows Name, Email and Member Since, with Go Back', async () => {
    renderProfile(() => ({ data: null }));
    expect(await screen.findByText('Greg LeMond', { selector: 'dd' })).toBeInTheDocument();
    expect(within(card()).getByText('greg@example.com')).toBeInTheDocument();
    expect(within(card()).getByText('March 5, 2024')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile & Settings' })).toBeInTheDocument();
  });

  it('edits the names: prefilled, trimmed, saved, toasted, and shown in the navigation at once', async () => {
    const update = jest.fn<OperationHandler>((variables) => {
      const { input } = variables as { input: { firstName: string; lastName: string } };
      return { data: { updateProfile: { ...rider, ...input } } };
    });
    const { events } = renderProfile(update);
    await screen.findByText('Greg LeMond', { selector: 'dd' });
    await events.click(within(card()).getByRole('button', { name: 'Edit' }));
    const first = within(card()).getByLabelText('First Name');
    const last = within(card()).getByLabelText('Last Name');
    expect(first).toHaveValue('Greg');
    expect(last).toHaveValue('LeMond');

    await events.clear(first);
    await events.type(first, '  Eddy ');
    await events.clear(last);
    await events.type(last, 'Merckx');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));

    expect(update).toHaveBeenCalledWith({ input: { firstName: 'Eddy', lastName: 'Merckx' } });
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been successfully updated.')).toBeInTheDocument();
    expect(await within(card()).findByText('Eddy Merckx')).toBeInTheDocument();
    expect(within(card()).queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eddy Merckx' })).toBeInTheDocument();
  });

  it('says "Saving..." while it saves, and Cancel goes back without saving', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const update = jest.fn<OperationHandler>(() => new Promise((resolve) => (answer = resolve)));
    const { events } = renderProfile(update);
    await screen.findByText('Greg LeMond', { selector: 'dd' });

    await events.click(within(card()).getByRole('button', { name: 'Edit' }));
    await events.type(within(card()).getByLabelText('First Name'), 'x');
    await events.click(within(card()).getByRole('button', { name: 'Cancel' }));
    expect(update).not.toHaveBeenCalled();
    expect(within(card()).getByText('Greg LeMond')).toBeInTheDocument();

    await events.click(within(card()).getByRole('button', { name: 'Edit' }));
    expect(within(card()).getByLabelText('First Name')).toHaveValue('Greg');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(card()).getByRole('button', { name: /Saving/ })).toBeDisabled());
    expect(within(card()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => answer({ data: { updateProfile: rider } }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
  });

  it('keeps the form and says so when saving fails', async () => {
    const { events } = renderProfile(() => {
      throw new TypeError('Failed to fetch');
    });
    await screen.findByText('Greg LeMond', { selector: 'dd' });
    await events.click(within(card()).getByRole('button', { name: 'Edit' }));
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(within(card()).getByLabelText('First Name')).toHaveValue('Greg');
  });

  it('shows "Not set" for a rider without names', () => {
    renderWithApp(<ProfilePage />, {
      route: '/profile',
      session: fakeSession({ status: 'authenticated', user: { ...rider, firstName: null, lastName: null } }),
    });
    expect(within(card()).getByText('Not set')).toBeInTheDocument();
  });

  it('shows a spinner while the session loads, and "Unable to load profile" without a user', () => {
    const { unmount } = renderWithApp(<ProfilePage />, { session: fakeSession({ status: 'loading' }) });
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    unmount();
    renderWithApp(<ProfilePage />, { session: fakeSession({ status: 'authenticated', user: null }) });
    expect(screen.getByText('Unable to load profile')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile Information' })).not.toBeInTheDocument();
  });

  it('Go Back returns to the previous page, or the dashboard when there is none', async () => {
    const events = userEvent.setup();
    const { location } = renderWithApp(<ProfilePage />, {
      route: '/profile',
      session: fakeSession({ status: 'authenticated', user: rider }),
    });
    await events.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(location.current?.pathname).toBe('/dashboard');
  });
});
