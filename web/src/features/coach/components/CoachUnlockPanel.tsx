import { Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { MdLock } from 'react-icons/md';

/** What a free rider sees on /coach (spec section 2): what the chat offers and how to unlock it. */
export function CoachUnlockPanel({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <Card.Root as="section" aria-labelledby="coach-unlock-heading" maxW="2xl">
      <Card.Body>
        <Stack gap="4" align="flex-start">
          <MdLock aria-hidden size="32" />
          <Heading as="h2" size="lg" id="coach-unlock-heading">
            Unlock AI Coaching Chat
          </Heading>
          <Text color="fg.muted">
            Coach chat is a Pro feature. Ask about climbing, cadence, intervals, nutrition, recovery and
            pacing, and get answers built on your own rides, powered by a large language model.
          </Text>
          <List.Root ps="5" color="fg.muted">
            <List.Item>Answers grounded in your recent rides, power and heart rate</List.Item>
            <List.Item>Workouts in your own training zones</List.Item>
            <List.Item>Your conversation kept, so the coach follows up</List.Item>
          </List.Root>
          <Button colorPalette="brand" onClick={onUpgrade}>
            Upgrade to Pro
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
