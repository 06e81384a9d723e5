import { afterEach, describe, expect, it } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessageDto, Tier } from '@domestique/proto';
import { AnalysisMessages, COACH_QUICK_QUESTIONS } from '@domestique/proto/messages';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { fakeSession, renderWithApp } from '../../../test/render';
import { CoachPage } from './CoachPage';
import { testUser } from '../../../test/fixtures';

const userOf = (tier: Tier) => testUser({ subscriptionTier: tier, stravaId: '1' });
const exchange = (i: number): ChatMessageDto & { __typename: 'ChatMessage' } => ({
  __typename: 'ChatMessage',
  id: `m${i}`,
  message: `Question ${i}`,
  response: `Answer ${i}`,
  createdAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
});
const chatPage = (messages: ChatMessageDto[]) => ({
  data: { coachChat: { __typename: 'ChatPage', messages, nextCursor: null } },
});

const setup = (tier: Tier, handlers: Record<string, OperationHandler>) => {
  const { client, calls } = fakeApolloClient(handlers);
  renderWithApp(
    <ApolloProvider client={client}>
      <CoachPage />
    </ApolloProvider>,
    {
      route: '/coach',
      session: fakeSession({ user: userOf(tier), status: 'authenticated' }),
      withToaster: true,
    },
  );
  return { calls, events: userEvent.setup() };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('/coach', () => {
  it('shows free riders the unlock panel, never loads the chat, and upgrades through the plan chooser', async () => {
    const { calls, events } = setup('free', { Plans: () => ({ data: { plans: [] } }) });
    expect(screen.getByRole('heading', { name: 'Unlock AI Coaching Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Choose Your Plan')).toBeInTheDocument();
    expect(calls).not.toContain('CoachChat');
  });

  it('shows a paid rider the conversation oldest first, the tier badge and the four quick questions', async () => {
    setup('pro', { CoachChat: () => chatPage([exchange(2), exchange(1)]) });
    const log = await screen.findByRole('log', { name: 'Conversation with your coach' });
    const exchanges = within(log).getAllByTestId('chat-exchange');
    expect(exchanges.map((e) => within(e).getByText(/Question/).textContent)).toEqual([
      'Question 1',
      'Question 2',
    ]);
    expect(screen.getByText('PRO')).toBeInTheDocument();
    for (const question of COACH_QUICK_QUESTIONS)
      expect(screen.getByRole('button', { name: question })).toBeInTheDocument();
  });

  it('sends a message: input disabled meanwhile, then the list refreshes, the input clears and a toast shows', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const history: ChatMessageDto[] = [];
    const { events } = setup('elite', {
      CoachChat: () => chatPage([...history].reverse()),
      SendCoachMessage: async ({ message }) => {
        sent.push(message as string);
        await pending;
        const created = { ...exchange(9), message: message as string, response: 'Ride "Hill Day" shows...' };
        history.push(created);
        return { data: { sendCoachMessage: created } };
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Message your coach' });
    expect(screen.getByText('ELITE')).toBeInTheDocument();
    await events.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await events.clear(input);
    await events.type(input, '  How do I pace a 40k?  {Enter}');
    await waitFor(() => expect(input).toBeDisabled());
    release();
    expect(await screen.findByText(AnalysisMessages.messageSent)).toBeInTheDocument();
    expect(screen.getByText(AnalysisMessages.coachResponded)).toBeInTheDocument();
    expect(sent).toEqual(['How do I pace a 40k?']);
    expect(await screen.findByText('Ride "Hill Day" shows...')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toBeEnabled();
  });

  it('shows "Error" with the server message when sending fails', async () => {
    const { events } = setup('pro', {
      CoachChat: () => chatPage([]),
      SendCoachMessage: () => ({ errors: [{ message: AnalysisMessages.chatMessageTooLong }] }),
    });
    await events.click(await screen.findByRole('button', { name: COACH_QUICK_QUESTIONS[0] }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(AnalysisMessages.chatMessageTooLong)).toBeInTheDocument();
  });
});
