import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { SubscribePage } from './SubscribePage';
import {
  DOMESTIQUE90,
  graphQLError,
  plansAnswer,
  plansAnswerEliteOnSale,
  rider,
  watchBillingBrowser,
} from '../test-billing';

const setup = (handlers: Record<string, OperationHandler> = {}, user = rider(), route = '/subscribe') => {
  const { client, calls } = fakeApolloClient({ Plans: plansAnswer, ...handlers });
  const events = userEvent.setup();
  renderWithApp(<SubscribePage />, {
    route,
    client,
    session: fakeSession({ user, status: 'authenticated' }),
    withToaster: true,
  });
  return { events, calls, client };
};

const proCard = () => screen.getByRole('article', { name: /Pro/ });
const eliteCard = () => screen.getByRole('article', { name: /Elite/ });

// typing into Chakra inputs in jsdom is slow on a shared machine
jest.setTimeout(20_000);

const { goTo } = watchBillingBrowser();

describe('/subscribe', () => {
  it('shows Choose Your Plan, Pro as MOST POPULAR, Elite coming soon, the guarantee and the benefits', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(await screen.findByText('MOST POPULAR')).toBeInTheDocument();
    expect(within(proCard()).getByText('$99')).toBeInTheDocument();
    expect(within(proCard()).getByRole('button', { name: 'Subscribe to Pro' })).toBeEnabled();
    const elite = screen.getByRole('article', { name: /Elite/ });
    expect(within(elite).getByText('$199')).toBeInTheDocument();
    expect(within(elite).getByRole('button', { name: 'Coming Soon - Get Notified' })).toBeDisabled();
    expect(screen.getAllByText('30-day money-back guarantee')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Why Choose Our Premium Plans?' })).toBeInTheDocument();
    for (const benefit of ['AI-Powered Analysis', 'Performance Tracking', 'Personal Coaching']) {
      expect(screen.getByRole('heading', { name: benefit })).toBeInTheDocument();
    }
  });

  it('applies DOMESTIQUE90 typed in lower case with Enter: $99 struck through, $10, Save $89/month', async () => {
    const sent: unknown[] = [];
    const { events } = setup({
      ValidatePromoCode: (variables) => {
        sent.push(variables);
        return DOMESTIQUE90;
      },
    });
    const input = screen.getByRole('textbox', { name: 'Promo code' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await events.type(input, '   ');
    expect(apply).toBeDisabled();
    await events.clear(input);
    await events.type(input, ' domestique90{Enter}');
    expect(sent).toEqual([{ code: 'DOMESTIQUE90' }]);

    expect(await screen.findByText('Promo Code Applied!')).toBeInTheDocument();
    expect(screen.getByText('90% OFF')).toBeInTheDocument();
    const card = proCard();
    expect(within(card).getByLabelText('Regular price $99 per month')).toHaveTextContent('$99');
    expect(within(card).getByText('$10')).toBeInTheDocument();
    expect(within(card).getByText('Save $89/month')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Remove promo code' }));
    expect(screen.queryByText('90% OFF')).not.toBeInTheDocument();
    expect(within(proCard()).queryByText('Save $89/month')).not.toBeInTheDocument();
    expect(within(proCard()).getByText('$99')).toBeInTheDocument();
  });

  it('forces the input to upper case', async () => {
    const { events } = setup();
    await events.type(screen.getByRole('textbox', { name: 'Promo code' }), 'spring25');
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveValue('SPRING25');
  });

  it('says why a code is refused, and says Error when the request fails', async () => {
    let answer: () => unknown = () => graphQLError('This promo code has expired.', 'BILLING_PROMO_EXPIRED');
    const { events } = setup({ ValidatePromoCode: () => answer() });
    const input = screen.getByRole('textbox', { name: 'Promo code' });
    await events.type(input, 'OLD');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid Promo Code')).toBeInTheDocument();
    expect(screen.getByText('This promo code has expired.')).toBeInTheDocument();
    expect(input).toHaveValue('OLD');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Failed to apply promo code. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('subscribes with the applied code and goes to the hosted checkout page; Processing... meanwhile', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const checkout: unknown[] = [];
    const { events } = setup({
      ValidatePromoCode: () => DOMESTIQUE90,
      CreateCheckoutSession: (variables) => {
        checkout.push(variables);
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
    });
    await events.type(screen.getByRole('textbox', { name: 'Promo code' }), 'DOMESTIQUE90{Enter}');
    await screen.findByText('90% OFF');
    await events.click(within(proCard()).getByRole('button', { name: 'Subscribe to Pro' }));
    expect(await within(proCard()).findByRole('button', { name: /Processing/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove promo code' })).toBeDisabled();
    finish({
      data: {
        createCheckoutSession: {
          __typename: 'CheckoutSession',
          sessionId: 'cs_test_1',
          url: 'https://stripe.test/c/pay/cs_test_1',
        },
      },
    });
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://stripe.test/c/pay/cs_test_1'));
    expect(checkout).toEqual([{ priceId: 'price_pro', promoCode: 'DOMESTIQUE90' }]);
  });

  it('shows "Failed to create checkout session" when checkout cannot start, and lets the rider retry', async () => {
    const { events } = setup({
      CreateCheckoutSession: () => graphQLError('Service unavailable', 'BILLING_PROVIDER_UNAVAILABLE', 503),
    });
    await events.click(
      await within(await screen.findByRole('article', { name: /Pro/ })).findByRole('button', {
        name: 'Subscribe to Pro',
      }),
    );
    expect(await screen.findByText('Failed to create checkout session')).toBeInTheDocument();
    expect(within(proCard()).getByRole('button', { name: 'Subscribe to Pro' })).toBeEnabled();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('offers Manage Billing instead of checkout to a Pro rider', async () => {
    setup({}, rider({ subscriptionTier: 'pro', stripeCustomerId: 'cus_1' }));
    const card = await screen.findByRole('article', { name: /Pro/ });
    expect(within(card).getByText('Current Plan')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Subscribe to Pro' })).not.toBeInTheDocument();
  });

  it('waits for the new plan after checkout and refreshes the signed-in user', async () => {
    let tier = 'free';
    const { calls } = setup(
      {
        Me: () => ({ data: { me: { ...rider({ subscriptionTier: tier as 'free' }) } } }),
        MySubscription: () => ({ data: { mySubscription: null } }),
      },
      rider(),
      '/subscribe?checkout=success&session_id=cs_test_1',
    );
    expect(await screen.findByText('Confirming your subscription...')).toBeInTheDocument();
    tier = 'pro';
    expect(await screen.findByText('Welcome to Pro!', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls.filter((name) => name === 'Me').length).toBeGreaterThanOrEqual(2);
  });

  it('tells the rider a canceled checkout charged nothing', async () => {
    setup({}, rider(), '/subscribe?checkout=canceled');
    expect(await screen.findByText('Checkout canceled')).toBeInTheDocument();
    expect(screen.getByText(/You have not been charged/)).toBeInTheDocument();
  });

  describe('with Elite on sale (the server answers it purchasable)', () => {
    it('offers Subscribe to Elite with the applied code, and only its button says Processing...', async () => {
      let finish: (value: unknown) => void = () => undefined;
      const checkout: unknown[] = [];
      const { events } = setup({
        Plans: plansAnswerEliteOnSale,
        ValidatePromoCode: () => DOMESTIQUE90,
        CreateCheckoutSession: (variables) => {
          checkout.push(variables);
          return new Promise((resolve) => {
            finish = resolve;
          });
        },
      });
      const subscribeElite = await within(await screen.findByRole('article', { name: /Elite/ })).findByRole(
        'button',
        { name: 'Subscribe to Elite' },
      );
      expect(subscribeElite).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Coming Soon - Get Notified' })).not.toBeInTheDocument();

      await events.type(screen.getByRole('textbox', { name: 'Promo code' }), 'DOMESTIQUE90{Enter}');
      expect(await within(eliteCard()).findByText('Save $179/month')).toBeInTheDocument();
      expect(within(eliteCard()).getByText('$20')).toBeInTheDocument();

      await events.click(within(eliteCard()).getByRole('button', { name: 'Subscribe to Elite' }));
      expect(await within(eliteCard()).findByRole('button', { name: /Processing/ })).toBeDisabled();
      expect(within(proCard()).getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled();
      finish({
        data: {
          createCheckoutSession: {
            __typename: 'CheckoutSession',
            sessionId: 'cs_test_elite',
            url: 'https://stripe.test/c/pay/cs_test_elite',
          },
        },
      });
      await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://stripe.test/c/pay/cs_test_elite'));
      expect(checkout).toEqual([{ priceId: 'price_elite', promoCode: 'DOMESTIQUE90' }]);
    });

    it('sends a Pro subscriber to Manage Billing to change plans', async () => {
      setup({ Plans: plansAnswerEliteOnSale }, rider({ subscriptionTier: 'pro', stripeCustomerId: 'cus_1' }));
      const elite = await screen.findByRole('article', { name: /Elite/ });
      expect(within(elite).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
      expect(within(elite).queryByRole('button', { name: 'Subscribe to Elite' })).not.toBeInTheDocument();
      expect(within(elite).queryByText('Current Plan')).not.toBeInTheDocument();
    });

    it('lets a Pro an admin set (no Stripe customer) buy Elite', async () => {
      setup({ Plans: plansAnswerEliteOnSale }, rider({ subscriptionTier: 'pro', stripeCustomerId: null }));
      const elite = await screen.findByRole('article', { name: /Elite/ });
      expect(within(elite).getByRole('button', { name: 'Subscribe to Elite' })).toBeEnabled();
    });

    it('welcomes a rider back from an Elite checkout to Elite', async () => {
      const elite = rider({ subscriptionTier: 'elite', stripeCustomerId: 'cus_3' });
      setup(
        {
          Plans: plansAnswerEliteOnSale,
          Me: () => ({ data: { me: elite } }),
          MySubscription: () => ({ data: { mySubscription: null } }),
        },
        elite,
        '/subscribe?checkout=success&session_id=cs_test_elite',
      );
      expect(await screen.findByText('Welcome to Elite!', {}, { timeout: 4000 })).toBeInTheDocument();
    });

    it('shows an Elite subscriber their plan with Manage Billing', async () => {
      setup(
        { Plans: plansAnswerEliteOnSale },
        rider({ subscriptionTier: 'elite', stripeCustomerId: 'cus_2' }),
      );
      const elite = await screen.findByRole('article', { name: /Elite/ });
      expect(within(elite).getByText('Current Plan')).toBeInTheDocument();
      expect(within(elite).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    });
  });
});
