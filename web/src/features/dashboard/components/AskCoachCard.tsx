import { Badge, Button, Card, HStack, Text } from '@chakra-ui/react';
import { MdChatBubbleOutline } from 'react-icons/md';
import { Link as RouterLink } from 'react-router';

/** "Ask Your Coach" (spec section 2), marked PRO FEATURE for free riders. */
export function AskCoachCard({ free }: { free: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="ask-coach-heading" height="full">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2" id="ask-coach-heading">
            Ask Your Coach
          </Card.Title>
          {free ? <Badge colorPalette="brand">PRO FEATURE</Badge> : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Text color="fg.muted">
          Chat with your AI coach about training, pacing, climbing and recovery, with your rides as context.
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to={free ? '/subscribe' : '/coach'}>
            <MdChatBubbleOutline aria-hidden />
            {free ? 'Upgrade to Chat' : 'Open Coach Chat'}
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
