import { Box, Stack, Text } from '@chakra-ui/react';
import type { ChatMessageDto } from '@domestique/proto';
import { useEffect, useRef } from 'react';

function Bubble({ from, text }: { from: 'rider' | 'coach'; text: string }) {
  const rider = from === 'rider';
  return (
    <Box
      alignSelf={rider ? 'flex-end' : 'flex-start'}
      maxW="85%"
      bg={rider ? 'brand.solid' : 'bg.muted'}
      color={rider ? 'brand.contrast' : 'fg'}
      rounded="lg"
      px="4"
      py="3"
    >
      <Text fontSize="xs" fontWeight="semibold" mb="1" opacity={0.8}>
        {rider ? 'You' : 'Coach'}
      </Text>
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize="sm">
        {text}
      </Text>
    </Box>
  );
}

/** The conversation, oldest first, scrolled to the newest exchange. */
export function ChatHistory({ messages }: { messages: readonly ChatMessageDto[] }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  if (messages.length === 0)
    return (
      <Text color="fg.muted" textAlign="center" py="8">
        No messages yet. Ask your coach anything, or start with a quick question.
      </Text>
    );
  return (
    <Stack gap="3" role="log" aria-label="Conversation with your coach">
      {messages.map((m) => (
        <Stack key={m.id} gap="3" data-testid="chat-exchange">
          <Bubble from="rider" text={m.message} />
          <Bubble from="coach" text={m.response} />
        </Stack>
      ))}
      <div ref={end} />
    </Stack>
  );
}
