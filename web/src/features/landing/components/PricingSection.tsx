import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PlanCard } from '../../subscribe/components/PlanCard';
import { PlanGrid } from '../../subscribe/components/PlanGrid';
import type { Plan } from '../../subscribe/graphql/billing.graphql';
import { WaitlistDialog } from './WaitlistDialog';

/**
 * The landing's pricing cards (spec section 2): Free $0, Pro $99/month, Elite $199/month with its
 * disabled Coming Soon button and a way onto the Elite waitlist; once billing sells Elite
 * (ELITE_ON_SALE, issue 23: the plan answers `purchasable`), Elite starts like Pro.
 */
const START_LABEL: Record<Plan['id'], string> = {
  free: 'Start Free',
  pro: 'Start with Pro',
  elite: 'Start with Elite',
};

export function PricingSection() {
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  return (
    <Box as="section" aria-labelledby="pricing-title" py={{ base: '14', md: '20' }} bg="bg.subtle">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="3" textAlign="center" mb={{ base: '8', md: '12' }}>
          <Heading as="h2" id="pricing-title" size={{ base: '2xl', md: '4xl' }} color="asphalt.900">
            Simple, transparent pricing
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Start free. Upgrade when you want every ride analysed and a coach in your pocket.
          </Text>
        </Stack>
        <PlanGrid ids={['free', 'pro', 'elite']}>
          {(plan) => (
            <PlanCard key={plan.id} plan={plan} headingLevel="h3">
              {plan.id === 'elite' && !plan.purchasable ? (
                <Stack gap="2">
                  <Button width="full" variant="outline" disabled>
                    Coming Soon
                  </Button>
                  <Button
                    width="full"
                    variant="ghost"
                    colorPalette="brand"
                    onClick={() => setWaitlistOpen(true)}
                  >
                    Get Notified
                  </Button>
                </Stack>
              ) : (
                <Button
                  asChild
                  width="full"
                  colorPalette="brand"
                  variant={plan.popular ? 'solid' : 'outline'}
                >
                  <RouterLink to="/auth">{START_LABEL[plan.id]}</RouterLink>
                </Button>
              )}
            </PlanCard>
          )}
        </PlanGrid>
      </Container>
      <WaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} />
    </Box>
  );
}
