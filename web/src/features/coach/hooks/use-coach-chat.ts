import { useMutation, useQuery } from '@apollo/client/react';
import { AnalysisMessages, CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from '@domestique/proto/messages';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../../app/toaster';
import { errorMessage } from '../../../app/error-message';
import { COACH_CHAT_QUERY, SEND_COACH_MESSAGE_MUTATION } from '../graphql/coach.graphql';

/**
 * The coach chat (spec sections 2, 4, 5): the conversation (non-free riders only), shown oldest
 * first; sending trims the message, ignores an empty one, opens the plan chooser for a free rider,
 * disables the input meanwhile, then refreshes the list and clears the input.
 */
export function useCoachChat({ paid, onUpgrade }: { paid: boolean; onUpgrade: () => void }) {
  const chat = useQuery(COACH_CHAT_QUERY, {
    variables: { limit: CHAT_PAGE_SIZE },
    skip: !paid,
    fetchPolicy: 'cache-and-network',
  });
  const [sendMessage] = useMutation(SEND_COACH_MESSAGE_MUTATION);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  const messages = useMemo(() => [...(chat.data?.coachChat.messages ?? [])].reverse(), [chat.data]);

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || sending) return;
      if (!paid) {
        onUpgrade();
        return;
      }
      if (message.length > CHAT_MESSAGE_MAX_LENGTH) {
        toast.error('Error', AnalysisMessages.chatMessageTooLong);
        return;
      }
      setSending(true);
      try {
        await sendMessage({ variables: { message } });
        await chat.refetch();
        setDraft('');
        toast.success(AnalysisMessages.messageSent, AnalysisMessages.coachResponded);
      } catch (error) {
        toast.error('Error', errorMessage(error, AnalysisMessages.chatFailed));
      } finally {
        setSending(false);
      }
    },
    [paid, onUpgrade, sending, sendMessage, chat],
  );

  return {
    messages,
    loading: paid && chat.loading && !chat.data,
    error: chat.data ? undefined : chat.error,
    retry: () => void chat.refetch(),
    draft,
    setDraft,
    sending,
    send,
  };
}
