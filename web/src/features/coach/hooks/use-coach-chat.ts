// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../../app/zod-jitless';
import { useMutation, useQuery } from '@apollo/client/react';
import { ChatMessageRequest } from '@domestique/proto';
import { AnalysisMessages, CHAT_PAGE_SIZE } from '@domestique/proto/messages';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../../app/toaster';
import { errorMessage } from '../../../app/error-message';
import { COACH_CHAT_QUERY, SEND_COACH_MESSAGE_MUTATION } from '../graphql/coach.graphql';

/**
 * The coach chat (spec sections 2, 4, 5): the conversation (non-free riders only), shown oldest
 * first; sending checks the message with the API's schema (trimmed, 1 to 2,000 characters): an
 * empty one is ignored, a free rider gets the plan chooser, a too long one the schema's message;
 * the input is disabled meanwhile, then the list refreshes and the input clears. The quick questions
 * send their text the same way, so the chat is not a react-hook-form form.
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
      if (!text.trim() || sending) return;
      if (!paid) {
        onUpgrade();
        return;
      }
      const request = ChatMessageRequest.safeParse({ message: text });
      if (!request.success) {
        toast.error('Error', request.error.issues[0]?.message ?? AnalysisMessages.chatMessageTooLong);
        return;
      }
      const { message } = request.data;
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
