import { Button, type ButtonProps } from '@chakra-ui/react';
import { useBillingPortal } from '../hooks/use-billing-portal';

/** Manage Billing: the Stripe customer portal in a new tab ("Opening..." meanwhile). */
export function ManageBillingButton(props: Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  const { open, opening } = useBillingPortal();
  return (
    <Button
      variant="outline"
      loading={opening}
      loadingText="Opening..."
      onClick={() => void open()}
      {...props}
    >
      Manage Billing
    </Button>
  );
}
