import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useSession } from '../../../app/session/session-context';
import { toast } from '../../../app/toaster';
import { useCheckout } from '../hooks/use-checkout';
import { usePromoCode } from '../hooks/use-promo-code';
import { ComingSoonToast } from '../plan-features';
import { planOffer } from '../plan-offer';
import { PlanCard } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { PromoCodeCard } from './PromoCodeCard';

interface PlanChooserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** why it opened, e.g. "Coach chat is part of Pro." */
  reason?: string;
}

/**
 * The plan chooser (spec section 2): a promo box and the Free, Pro and Elite cards. Opened by coach
 * chat for free riders and by the nav's upgrade prompt. Elite's button shows the Coming Soon toast,
 * or subscribes like Pro's once the server answers Elite purchasable (ELITE_ON_SALE, issue 23).
 */
export function PlanChooserDialog({ open, onOpenChange, reason }: PlanChooserDialogProps) {
  const { user } = useSession();
  const promo = usePromoCode();
  const { subscribe, busy, pendingPriceId } = useCheckout();
  const tier = user?.subscriptionTier ?? 'free';
  const hasStripeCustomer = Boolean(user?.stripeCustomerId);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      size={{ base: 'full', md: 'cover' }}
      scrollBehavior="inside"
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ md: '5xl' }}>
            <Dialog.Header>
              <Stack gap="1">
                <Dialog.Title fontSize="2xl">Choose Your Plan</Dialog.Title>
                {reason ? <Text color="fg.muted">{reason}</Text> : null}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <PromoCodeCard promo={promo} disabled={busy} />
                <PlanGrid ids={['free', 'pro', 'elite']}>
                  {(plan) => (
                    <PlanCard
                      key={plan.id}
                      plan={plan}
                      promo={promo.applied}
                      current={tier === plan.id}
                      headingLevel="h3"
                    >
                      {plan.id === 'free' ? (
                        <Button width="full" variant="outline" disabled>
                          {tier === 'free' ? 'Current Plan' : 'Included'}
                        </Button>
                      ) : plan.purchasable ? (
                        <Button
                          width="full"
                          colorPalette="brand"
                          loading={busy && pendingPriceId === plan.priceId}
                          loadingText="Processing..."
                          disabled={busy || planOffer(plan, tier, hasStripeCustomer) !== 'subscribe'}
                          onClick={() => void subscribe(plan.priceId!, promo.applied?.code ?? null)}
                        >
                          {tier === plan.id || tier === 'elite'
                            ? 'Current Plan'
                            : `Subscribe to ${plan.name}`}
                        </Button>
                      ) : (
                        <Button
                          width="full"
                          variant="outline"
                          disabled={busy}
                          onClick={() => toast.info(ComingSoonToast.title, ComingSoonToast.description)}
                        >
                          Coming Soon - Get Notified
                        </Button>
                      )}
                    </PlanCard>
                  )}
                </PlanGrid>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
