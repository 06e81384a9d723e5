import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import { graphQLError, plansAnswer, plansAnswerEliteOnSale } from '../../subscribe/test-billing';
import { LandingPage } from './LandingPage';
import { PromoBanner } from './PromoBanner';

// typing into Chakra inputs in jsdom is slow on a shared machine
jest.setTimeout(20_000);

afterEach(() => {
  jest.useRealTimers();
  act(() => toaster.remove());
});

describe('landing promo banner', () => {
  it('copies DOMESTIQUE90, shows a checkmark for 2000 ms and says so', async () => {
    jest.useFakeTimers();
    const events = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithApp(<PromoBanner />, { withToaster: true });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    expect(screen.getByTestId('promo-code')).toHaveTextContent('DOMESTIQUE90');

    await events.click(screen.getByRole('button', { name: 'Copy promo code' }));
    expect(writeText).toHaveBeenCalledWith('DOMESTIQUE90');
    await expect(navigator.clipboard.readText()).resolves.toBe('DOMESTIQUE90');
    expect(await screen.findByText('Promo code copied!')).toBeInTheDocument();
    expect(screen.getByTestId('copied-indicator')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByTestId('copied-indicator')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('copied-indicator')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy promo code' })).toBeInTheDocument();
  });

  it('asks for a manual copy when the clipboard refuses', async () => {
    const events = userEvent.setup();
    renderWithApp(<PromoBanner />, { withToaster: true });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await events.click(screen.getByRole('button', { name: 'Copy promo code' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
    expect(screen.getByText('Please manually copy the code.')).toBeInTheDocument();
    expect(screen.queryByTestId('copied-indicator')).not.toBeInTheDocument();
  });

  it('sends Start Your Journey to /api/login', () => {
    renderWithApp(<PromoBanner />);
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/api/login');
  });
});

describe('landing pricing and the Elite waitlist', () => {
  const setup = (handlers: Record<string, OperationHandler> = {}) => {
    const { client, calls } = fakeApolloClient({ Plans: plansAnswer, ...handlers });
    const events = userEvent.setup();
    renderWithApp(<LandingPage />, { client, withToaster: true });
    return { events, calls };
  };

  it('shows Free $0, Pro $99/month and Elite $199/month with a disabled Coming Soon', async () => {
    setup();
    const pricing = await screen.findByRole('region', { name: 'Simple, transparent pricing' });
    const free = await within(pricing).findByRole('article', { name: /Free/ });
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/auth');
    expect(within(pricing).getByRole('link', { name: 'Start with Pro' })).toHaveAttribute('href', '/auth');
    // the hero's "Get Started Free" stays the only link of that name
    expect(screen.getAllByRole('link', { name: 'Get Started Free' })).toHaveLength(1);
    const pro = within(pricing).getByRole('article', { name: /Pro/ });
    expect(within(pro).getByText('$99')).toBeInTheDocument();
    expect(within(pro).getByText('/month')).toBeInTheDocument();
    expect(within(pro).getByText('MOST POPULAR')).toBeInTheDocument();
    const elite = within(pricing).getByRole('article', { name: /Elite/ });
    expect(within(elite).getByText('$199')).toBeInTheDocument();
    expect(within(elite).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });

  it('starts Elite like Pro once billing sells it (ELITE_ON_SALE), with no Coming Soon', async () => {
    setup({ Plans: plansAnswerEliteOnSale });
    const pricing = await screen.findByRole('region', { name: 'Simple, transparent pricing' });
    const elite = await within(pricing).findByRole('article', { name: /Elite/ });
    expect(within(elite).getByRole('link', { name: 'Start with Elite' })).toHaveAttribute('href', '/auth');
    expect(within(elite).queryByRole('button', { name: 'Coming Soon' })).not.toBeInTheDocument();
    expect(within(elite).queryByRole('button', { name: 'Get Notified' })).not.toBeInTheDocument();
  });

  it('puts an email on the Elite waitlist, then closes and clears the dialog', async () => {
    const sent: unknown[] = [];
    const { events } = setup({
      JoinEliteWaitlist: (variables) => {
        sent.push(variables);
        return { data: { joinEliteWaitlist: { __typename: 'WaitlistAnswer', message: 'ok' } } };
      },
    });
    await events.click(await screen.findByRole('button', { name: 'Get Notified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Notified About Elite Plan' });
    const notify = within(dialog).getByRole('button', { name: 'Notify Me' });
    expect(notify).toBeDisabled();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    await events.type(email, '   ');
    expect(notify).toBeDisabled();
    await events.type(email, 'elite@example.com ');
    await events.click(notify);
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(screen.getByText("We'll notify you as soon as Elite plan is available.")).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'elite@example.com' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(screen.getByRole('button', { name: 'Get Notified' }));
    expect(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server message, or the fallback, when joining fails', async () => {
    let answer: () => unknown = () => graphQLError('Please enter a valid email address', 'BAD_REQUEST');
    const { events } = setup({ JoinEliteWaitlist: () => answer() });
    await events.click(await screen.findByRole('button', { name: 'Get Notified' }));
    const dialog = await screen.findByRole('dialog');
    await events.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'elite@');
    await events.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await events.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Failed to join waitlist. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('elite@');
  });
});
