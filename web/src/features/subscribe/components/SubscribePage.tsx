import { Box, Stack } from '@chakra-ui/react';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useSession } from '../../../app/session/session-context';
import { useCheckout } from '../hooks/use-checkout';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { usePromoCode } from '../hooks/use-promo-code';
import { planOffer } from '../plan-offer';
import { CheckoutReturnNotice } from './CheckoutReturnNotice';
import { PlanCard } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { PlanOfferButton } from './PlanOfferButton';
import { PromoCodeCard } from './PromoCodeCard';
import { WhyPremium } from './WhyPremium';

/**
 * /subscribe (spec section 2): the promo box, Pro (MOST POPULAR, "Subscribe to Pro") and Elite
 * ("Coming Soon - Get Notified", disabled, until the server answers it purchasable: then "Subscribe
 * to Elite", issue 23), the money-back note and "Why Choose Our Premium Plans?". Subscribing goes to
 * Stripe's hosted Checkout; coming back, the page waits for the new plan.
 */
export function SubscribePage() {
  const { user } = useSession();
  const promo = usePromoCode();
  const { subscribe, busy, pendingPriceId } = useCheckout();
  const checkoutReturn = useCheckoutReturn();
  const tier = user?.subscriptionTier ?? 'free';

  return (
    <PageContainer
      title="Choose Your Plan"
      description="Unlimited AI ride analysis, performance trends and a coach who knows your rides."
    >
      <CheckoutReturnNotice state={checkoutReturn} planName={tier === 'elite' ? 'Elite' : 'Pro'} />
      <Stack gap="8">
        <Box maxW={{ md: 'lg' }}>
          <PromoCodeCard promo={promo} disabled={busy} />
        </Box>
        <PlanGrid ids={['pro', 'elite']}>
          {(plan) => (
            <PlanCard key={plan.id} plan={plan} promo={promo.applied} current={tier === plan.id}>
              <PlanOfferButton
                plan={plan}
                offer={planOffer(plan, tier, Boolean(user?.stripeCustomerId))}
                busy={busy}
                processing={busy && pendingPriceId === plan.priceId}
                onSubscribe={() => void subscribe(plan.priceId!, promo.applied?.code ?? null)}
              />
            </PlanCard>
          )}
        </PlanGrid>
      </Stack>
      <WhyPremium />
    </PageContainer>
  );
}
