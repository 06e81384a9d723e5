import { Button, Card, HStack, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { COACH_QUICK_QUESTIONS } from '@domestique/proto/messages';
import { lazy, Suspense, useState } from 'react';
import { PageContainer } from '../../../app/layout/PageContainer';
import { TierBadge } from '../../../app/layout/TierBadge';
import { useSession } from '../../../app/session/session-context';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { useCoachChat } from '../hooks/use-coach-chat';
import { ChatHistory } from './ChatHistory';
import { ChatInput } from './ChatInput';
import { CoachUnlockPanel } from './CoachUnlockPanel';

const PlanChooserDialog = lazy(() =>
  import('../../subscribe/components/PlanChooserDialog').then((m) => ({ default: m.PlanChooserDialog })),
);

/** /coach (spec section 2): the unlock panel for free riders; the chat for Pro and Elite. */
export function CoachPage() {
  const { user } = useSession();
  const tier = user?.subscriptionTier ?? 'free';
  const paid = tier !== 'free';
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const chat = useCoachChat({ paid, onUpgrade: () => setUpgradeOpen(true) });

  let body;
  if (!paid) body = <CoachUnlockPanel onUpgrade={() => setUpgradeOpen(true)} />;
  else
    body = (
      <Card.Root as="section" aria-label="Coach chat">
        <Card.Header>
          <HStack justify="space-between">
            <Text fontWeight="semibold">Your AI coach</Text>
            <TierBadge tier={tier} />
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="6">
            {chat.loading ? (
              <Skeleton height="40" rounded="md" />
            ) : chat.error ? (
              <LoadErrorAlert
                title="Your conversation could not be loaded."
                error={chat.error}
                onRetry={chat.retry}
              />
            ) : (
              <ChatHistory messages={chat.messages} />
            )}
            <Wrap gap="2" role="group" aria-label="Quick questions">
              {COACH_QUICK_QUESTIONS.map((question) => (
                // a question longer than a phone is wide wraps onto a second line
                <Button
                  key={question}
                  size="sm"
                  variant="outline"
                  maxW="full"
                  h="auto"
                  minH="8"
                  py="1.5"
                  whiteSpace="normal"
                  textAlign="start"
                  disabled={chat.sending}
                  onClick={() => void chat.send(question)}
                >
                  {question}
                </Button>
              ))}
            </Wrap>
            <ChatInput
              draft={chat.draft}
              onDraftChange={chat.setDraft}
              sending={chat.sending}
              onSend={chat.send}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
    );

  return (
    <PageContainer
      title="Coach Chat"
      description="Ask your AI coach about training, pacing, recovery and nutrition, with your rides as context."
    >
      {body}
      {upgradeOpen ? (
        <Suspense fallback={null}>
          <PlanChooserDialog
            open={upgradeOpen}
            onOpenChange={setUpgradeOpen}
            reason="Coach chat is part of Pro. Choose a plan to start chatting with your coach."
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
