import { Button } from '@chakra-ui/react';
import type { Plan } from '../graphql/billing.graphql';
import type { PlanOffer } from '../plan-offer';
import { ManageBillingButton } from './ManageBillingButton';

interface PlanOfferButtonProps {
  plan: Plan;
  offer: PlanOffer;
  /** a checkout is starting: every button waits */
  busy: boolean;
  /** it is this plan's checkout: "Processing..." */
  processing: boolean;
  onSubscribe: () => void;
}

/** A paid plan card's button on /subscribe (spec section 2): Subscribe to {plan}, Manage Billing, … */
export function PlanOfferButton({ plan, offer, busy, processing, onSubscribe }: PlanOfferButtonProps) {
  switch (offer) {
    case 'subscribe':
      return (
        <Button
          width="full"
          size="lg"
          colorPalette="brand"
          loading={processing}
          loadingText="Processing..."
          disabled={busy}
          onClick={onSubscribe}
        >
          {`Subscribe to ${plan.name}`}
        </Button>
      );
    case 'manage':
      return <ManageBillingButton width="full" size="lg" disabled={busy} />;
    case 'current':
      return (
        <Button width="full" size="lg" variant="outline" disabled>
          Current Plan
        </Button>
      );
    case 'coming-soon':
      return (
        <Button width="full" size="lg" variant="outline" disabled>
          Coming Soon - Get Notified
        </Button>
      );
  }
}
