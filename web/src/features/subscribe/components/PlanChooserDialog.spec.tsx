import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { PlanChooserDialog } from './PlanChooserDialog';
import {
  DOMESTIQUE90,
  plansAnswer,
  plansAnswerEliteOnSale,
  rider,
  watchBillingBrowser,
} from '../test-billing';

// typing into Chakra inputs in jsdom is slow on a shared machine
jest.setTimeout(20_000);

const { goTo } = watchBillingBrowser();

describe('the plan chooser dialog', () => {
  it('offers a promo box and the Free, Pro and Elite cards; Elite says Coming Soon', async () => {
    const onOpenChange = jest.fn<(open: boolean) => void>();
    const checkout: unknown[] = [];
    const { client } = fakeApolloClient({
      Plans: plansAnswer,
      ValidatePromoCode: () => DOMESTIQUE90,
      CreateCheckoutSession: (variables) => {
        checkout.push(variables);
        return {
          data: {
            createCheckoutSession: {
              __typename: 'CheckoutSession',
              sessionId: 'cs_1',
              url: 'https://pay.test/cs_1',
            },
          },
        };
      },
    });
    const events = userEvent.setup();
    renderWithApp(
      <PlanChooserDialog open onOpenChange={onOpenChange} reason="Coach chat is part of Pro." />,
      {
        client,
        session: fakeSession({ user: rider(), status: 'authenticated' }),
        withToaster: true,
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(within(dialog).getByText('Coach chat is part of Pro.')).toBeInTheDocument();
    const free = await within(dialog).findByRole('article', { name: /Free/ });
    expect(within(free).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    const elite = within(dialog).getByRole('article', { name: /Elite/ });
    await events.click(within(elite).getByRole('button', { name: 'Coming Soon - Get Notified' }));
    expect(await screen.findByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByText('Elite plan will be available soon. Stay tuned!')).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);

    await events.type(within(dialog).getByRole('textbox', { name: 'Promo code' }), 'domestique90{Enter}');
    const pro = within(dialog).getByRole('article', { name: /Pro/ });
    expect(await within(pro).findByText('Save $89/month')).toBeInTheDocument();
    await events.click(within(pro).getByRole('button', { name: 'Subscribe to Pro' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://pay.test/cs_1'));
    expect(checkout).toEqual([{ priceId: 'price_pro', promoCode: 'DOMESTIQUE90' }]);

    // the browser is leaving for checkout: the dialog cannot be closed any more
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
  });

  it('subscribes to Elite like Pro when the server answers it purchasable', async () => {
    const checkout: unknown[] = [];
    const { client } = fakeApolloClient({
      Plans: plansAnswerEliteOnSale,
      CreateCheckoutSession: (variables) => {
        checkout.push(variables);
        return {
          data: {
            createCheckoutSession: {
              __typename: 'CheckoutSession',
              sessionId: 'cs_2',
              url: 'https://pay.test/cs_2',
            },
          },
        };
      },
    });
    const events = userEvent.setup();
    renderWithApp(<PlanChooserDialog open onOpenChange={() => undefined} />, {
      client,
      session: fakeSession({ user: rider(), status: 'authenticated' }),
      withToaster: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    const elite = await within(dialog).findByRole('article', { name: /Elite/ });
    expect(
      within(dialog).queryByRole('button', { name: 'Coming Soon - Get Notified' }),
    ).not.toBeInTheDocument();
    await events.click(within(elite).getByRole('button', { name: 'Subscribe to Elite' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://pay.test/cs_2'));
    expect(checkout).toEqual([{ priceId: 'price_elite', promoCode: null }]);
  });
});
