import { Button, EmptyState, HStack, Icon } from '@chakra-ui/react';
import { useState } from 'react';
import { FaLock } from 'react-icons/fa';
import { Link as RouterLink } from 'react-router';
import { WaitlistDialog } from '../../landing/components/WaitlistDialog';
import { planById, usePlans } from '../../subscribe/hooks/use-plans';
import { ComingSoonToast } from '../../subscribe/plan-features';

/**
 * What a Pro rider sees in place of an Elite screen (issue 23, section 6): what it holds, and Elite's
 * offer as /subscribe makes it: Coming Soon with the waitlist while billing sells no Elite, the
 * upgrade once it does (the server's `purchasable`, never a web flag).
 */
export function EliteLockedPanel({ title, text }: { title: string; text: string }) {
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const { plans } = usePlans();
  const onSale = planById(plans, 'elite')?.purchasable ?? false;
  return (
    <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg" role="region" aria-label={title}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Icon as={FaLock} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title>{title}</EmptyState.Title>
        <EmptyState.Description maxW="md">{text}</EmptyState.Description>
        {onSale ? (
          <Button asChild colorPalette="brand">
            <RouterLink to="/subscribe">Upgrade to Elite</RouterLink>
          </Button>
        ) : (
          <>
            <EmptyState.Description>{ComingSoonToast.description}</EmptyState.Description>
            <HStack gap="2" wrap="wrap" justify="center">
              <Button variant="outline" disabled>
                Coming Soon
              </Button>
              <Button colorPalette="brand" onClick={() => setWaitlistOpen(true)}>
                Get Notified
              </Button>
            </HStack>
          </>
        )}
      </EmptyState.Content>
      <WaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} />
    </EmptyState.Root>
  );
}
