import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { browser } from '../browser';
import { SubscriptionCard } from './SubscriptionCard';
import { graphQLError, plansAnswer, rider } from '../test-billing';

const subscription = (change: Record<string, unknown> = {}) => ({
  __typename: 'BillingSubscription',
  tier: 'pro',
  status: 'active',
  priceId: 'price_pro',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-26T10:00:00.000Z',
  ...change,
});

const setup = (user: ReturnType<typeof rider>, handlers: Record<string, OperationHandler> = {}) => {
  const { client, calls } = fakeApolloClient({
    Plans: plansAnswer,
    MySubscription: () => ({
      data: { mySubscription: user.subscriptionTier === 'free' ? null : subscription() },
    }),
    ...handlers,
  });
  const events = userEvent.setup();
  const rendered = renderWithApp(<SubscriptionCard />, {
    route: '/profile',
    client,
    session: fakeSession({ user, status: 'authenticated' }),
    withToaster: true,
  });
  return { events, calls, ...rendered };
};

// typing into Chakra inputs in jsdom is slow on a shared machine
jest.setTimeout(20_000);

let openTab: jest.SpiedFunction<typeof browser.openTab>;
const tab = { go: jest.fn<(url: string) => void>(), close: jest.fn<() => void>() };
beforeEach(() => {
  tab.go.mockReset();
  tab.close.mockReset();
  openTab = jest.spyOn(browser, 'openTab').mockReturnValue(tab);
});
afterEach(() => {
  openTab.mockRestore();
  act(() => toaster.remove());
});

describe("Profile's subscription card", () => {
  it('shows the Free plan, $0, its features and Upgrade Plan to /subscribe', async () => {
    const { events, location } = setup(rider());
    expect(screen.getByText('Free Plan')).toBeInTheDocument();
    expect(screen.getByText('Current Plan')).toBeInTheDocument();
    expect(await screen.findByText('$0')).toBeInTheDocument();
    for (const feature of ['5 rides per month', 'Basic AI feedback', 'Strava integration']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('link', { name: 'Upgrade Plan' }));
    expect(location.current?.pathname).toBe('/subscribe');
  });

  it('shows Pro at $99/month with its renewal, and opens the billing portal in a new tab', async () => {
    const { events } = setup(rider({ subscriptionTier: 'pro', stripeCustomerId: 'cus_1' }), {
      CreatePortalSession: () => ({
        data: {
          createPortalSession: { __typename: 'PortalSession', url: 'https://billing.test/p/session/1' },
        },
      }),
    });
    expect(screen.getByText('Pro Plan')).toBeInTheDocument();
    expect(await screen.findByText('$99/month')).toBeInTheDocument();
    expect(await screen.findByText(/Renews on December 26, 2026/)).toBeInTheDocument();
    for (const feature of ['Unlimited ride analysis', 'Advanced AI feedback', 'Performance trends']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    await events.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(tab.go).toHaveBeenCalledWith('https://billing.test/p/session/1'));
    expect(openTab).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Manage Billing' })).toBeEnabled();
  });

  it('closes the tab and says why when the portal cannot open', async () => {
    const { events } = setup(rider({ subscriptionTier: 'pro', stripeCustomerId: 'cus_1' }), {
      CreatePortalSession: () =>
        graphQLError('You need an active subscription to access the billing portal.', 'BILLING_NO_CUSTOMER'),
    });
    await events.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(
      await screen.findByText('You need an active subscription to access the billing portal.'),
    ).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.go).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Manage Billing' })).toBeEnabled();
  });

  it('asks a paid rider without a Stripe customer to complete the setup', async () => {
    setup(rider({ subscriptionTier: 'pro', stripeCustomerId: null }), {
      MySubscription: () => ({ data: { mySubscription: null } }),
    });
    expect(await screen.findByText('$99/month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete Subscription Setup' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
  });

  it('lists Elite features for an Elite rider', async () => {
    setup(rider({ subscriptionTier: 'elite', stripeCustomerId: 'cus_1' }), {
      MySubscription: () => ({
        data: { mySubscription: subscription({ tier: 'elite', priceId: 'price_elite' }) },
      }),
    });
    expect(await screen.findByText('$199/month')).toBeInTheDocument();
    for (const feature of ['Everything in Pro', 'AI coaching chat', 'Custom training plans']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
  });

  it('confirms before canceling; Keep Subscription does nothing; Yes, Cancel keeps access until the period end', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { events, calls } = setup(rider({ subscriptionTier: 'pro', stripeCustomerId: 'cus_1' }), {
      CancelSubscription: () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    await events.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(/access continues until the end of your current billing period/),
    ).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).not.toContain('CancelSubscription');

    await events.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    dialog = await screen.findByRole('alertdialog');
    await events.click(within(dialog).getByRole('button', { name: 'Yes, Cancel' }));
    expect(await within(dialog).findByRole('button', { name: /Canceling/ })).toBeDisabled();
    finish({
      data: {
        cancelSubscription: {
          __typename: 'CancelSubscriptionResult',
          message: 'Subscription Canceled',
          subscription: subscription({ cancelAtPeriodEnd: true }),
        },
      },
    });
    expect(await screen.findByText('Subscription Canceled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/You keep Pro until December 26, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open and says so when canceling fails', async () => {
    const { events } = setup(rider({ subscriptionTier: 'pro', stripeCustomerId: 'cus_1' }), {
      CancelSubscription: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await events.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Cancel' }),
    );
    expect(await screen.findByText('Failed to cancel subscription. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('alertdialog')).findByRole('button', { name: 'Yes, Cancel' }),
    ).toBeEnabled();
  });
});
