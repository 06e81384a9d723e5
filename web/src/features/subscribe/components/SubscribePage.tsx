import { Box, Button, Stack } from '@chakra-ui/react';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useSession } from '../../../app/session/session-context';
import { useCheckout } from '../hooks/use-checkout';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { usePromoCode } from '../hooks/use-promo-code';
import { CheckoutReturnNotice } from './CheckoutReturnNotice';
import { ManageBillingButton } from './ManageBillingButton';
import { PlanCard } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { PromoCodeCard } from './PromoCodeCard';
import { WhyPremium } from './WhyPremium';

/**
 * /subscribe (spec section 2): the promo box, Pro (MOST POPULAR, "Subscribe to Pro") and Elite
 * ("Coming Soon - Get Notified", disabled), the money-back note and "Why Choose Our Premium Plans?".
 * Subscribing goes to Stripe's hosted Checkout; coming back, the page waits for the new plan.
 */
export function SubscribePage() {
  const { user } = useSession();
  const promo = usePromoCode();
  const { subscribe, busy } = useCheckout();
  const checkoutReturn = useCheckoutReturn();
  const tier = user?.subscriptionTier ?? 'free';

  return (
    <PageContainer
      title="Choose Your Plan"
      description="Unlimited AI ride analysis, performance trends and a coach who knows your rides."
    >
      <CheckoutReturnNotice state={checkoutReturn} />
      <Stack gap="8">
        <Box maxW={{ md: 'lg' }}>
          <PromoCodeCard promo={promo} disabled={busy} />
        </Box>
        <PlanGrid ids={['pro', 'elite']}>
          {(plan) =>
            plan.id === 'pro' ? (
              <PlanCard key={plan.id} plan={plan} promo={promo.applied} current={tier === 'pro'}>
                {tier === 'free' ? (
                  <Button
                    width="full"
                    size="lg"
                    colorPalette="brand"
                    loading={busy}
                    loadingText="Processing..."
                    disabled={busy || !plan.priceId}
                    onClick={() => void subscribe(plan.priceId!, promo.applied?.code ?? null)}
                  >
                    Subscribe to Pro
                  </Button>
                ) : user?.stripeCustomerId ? (
                  <ManageBillingButton width="full" size="lg" />
                ) : (
                  <Button width="full" size="lg" variant="outline" disabled>
                    Current Plan
                  </Button>
                )}
              </PlanCard>
            ) : (
              <PlanCard key={plan.id} plan={plan} current={tier === 'elite'}>
                <Button width="full" size="lg" variant="outline" disabled>
                  Coming Soon - Get Notified
                </Button>
              </PlanCard>
            )
          }
        </PlanGrid>
      </Stack>
      <WhyPremium />
    </PageContainer>
  );
}
