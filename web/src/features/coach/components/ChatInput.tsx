// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../../app/zod-jitless';
import { Button, Field, Flex, Input } from '@chakra-ui/react';
import { ChatMessageRequest } from '@domestique/proto';
import { CHAT_MESSAGE_MAX_LENGTH } from '@domestique/proto/messages';
import { useEffect } from 'react';
import { MdSend } from 'react-icons/md';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import { toast } from '../../../app/toaster';

const EMPTY_MESSAGE = { message: '' };

interface ChatInputProps {
  /** the chat's draft (use-coach-chat): what is typed goes there, and it empties once a message is sent */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** a message is on its way: the input waits */
  sending: boolean;
  /** sends a message the request schema accepted (trimmed) */
  onSend: (message: string) => Promise<void>;
}

/**
 * The message box of the coach chat (spec sections 4 and 5), a form checked by the API's own
 * request schema (`ChatMessageRequest`: trimmed, 1 to 2,000 characters) like every other form: an
 * empty message is not sent (Send stays disabled), any other refusal is said in an "Error" toast.
 */
export function ChatInput({ draft, onDraftChange, sending, onSend }: ChatInputProps) {
  const { values, change, submit, reset } = useSpecForm(ChatMessageRequest, EMPTY_MESSAGE);

  // the chat empties its draft once the message is sent: so does the form
  useEffect(() => {
    if (draft === '') reset();
  }, [draft, reset]);

  const send = submit(
    ({ message }) => onSend(message),
    (errors) => {
      if (!values.message.trim()) return;
      const message = errors.message?.message;
      toast.error('Error', typeof message === 'string' ? message : undefined);
    },
  );

  return (
    <form onSubmit={(event) => void send(event)}>
      <Flex gap="2" align="flex-end">
        <Field.Root flex="1">
          <Field.Label srOnly>Message your coach</Field.Label>
          <Input
            name="message"
            value={values.message}
            onChange={(event) => {
              change('message', event.target.value);
              onDraftChange(event.target.value);
            }}
            placeholder="Ask about training, pacing, recovery..."
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            disabled={sending}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          loading={sending}
          disabled={!values.message.trim()}
          aria-label="Send message"
        >
          <MdSend aria-hidden />
          Send
        </Button>
      </Flex>
    </form>
  );
}
