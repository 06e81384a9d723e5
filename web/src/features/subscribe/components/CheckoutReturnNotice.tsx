import { Alert, Spinner } from '@chakra-ui/react';
import type { CheckoutReturn } from '../hooks/use-checkout-return';

const COPY: Record<
  Exclude<CheckoutReturn, 'none'>,
  { status: 'info' | 'success' | 'warning'; title: string; text: string }
> = {
  confirming: {
    status: 'info',
    title: 'Confirming your subscription...',
    text: 'Your payment went through. Your plan switches over in a moment.',
  },
  confirmed: {
    status: 'success',
    title: 'Welcome to {plan}!',
    text: 'Your subscription is active: unlimited analyses, trends and your coach are unlocked.',
  },
  pending: {
    status: 'warning',
    title: 'Your plan is on its way',
    text: 'Your payment went through, but the plan change is taking longer than usual. Refresh in a minute.',
  },
  canceled: {
    status: 'info',
    title: 'Checkout canceled',
    text: 'You have not been charged. You can subscribe whenever you are ready.',
  },
};

/**
 * What happened at Stripe Checkout, on the page it returns to. `planName`: the plan the rider now
 * has (Pro, or Elite once it is on sale).
 */
export function CheckoutReturnNotice({
  state,
  planName = 'Pro',
}: {
  state: CheckoutReturn;
  planName?: string;
}) {
  if (state === 'none') return null;
  const copy = COPY[state];
  return (
    <Alert.Root status={copy.status} role={state === 'confirming' ? 'status' : 'alert'} rounded="lg" mb="6">
      {state === 'confirming' ? <Spinner size="sm" color="blue.600" /> : <Alert.Indicator />}
      <Alert.Content>
        <Alert.Title>{copy.title.replace('{plan}', planName)}</Alert.Title>
        <Alert.Description>{copy.text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
