import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../app/session/session-context';
import { MY_SUBSCRIPTION_QUERY } from '../graphql/billing.graphql';
import { useCancelSubscription } from '../hooks/use-cancel-subscription';
import { planById, usePlans } from '../hooks/use-plans';
import { billingDate, SUBSCRIPTION_CARD_FEATURES } from '../plan-features';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { FeatureList } from './FeatureList';
import { ManageBillingButton } from './ManageBillingButton';

const LIVE = new Set(['active', 'trialing', 'past_due']);

/**
 * Profile's subscription card (spec section 2): the plan, its price, the Current Plan badge and its
 * features. Free: Upgrade Plan. Paid with a Stripe customer: Manage Billing (the portal in a new
 * tab); paid without one: Complete Subscription Setup. Cancel Subscription asks first.
 */
export function SubscriptionCard() {
  const { user } = useSession();
  const { plans, loading: plansLoading } = usePlans();
  const tier = user?.subscriptionTier ?? 'free';
  const paid = tier !== 'free';
  const subscriptionQuery = useQuery(MY_SUBSCRIPTION_QUERY, { skip: !user });
  const subscription = subscriptionQuery.data?.mySubscription ?? null;
  const live = subscription && LIVE.has(subscription.status) ? subscription : null;
  const { cancel, canceling } = useCancelSubscription();
  const plan = planById(plans, tier);

  return (
    <Card.Root as="section" aria-labelledby="subscription-card-title">
      <Card.Header>
        <Heading as="h2" size="lg" id="subscription-card-title">
          Subscription
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <Stack gap="1">
            <HStack gap="2">
              <Text fontSize="xl" fontWeight="bold">
                {plan?.name ?? tier.charAt(0).toUpperCase() + tier.slice(1)} Plan
              </Text>
              <Badge colorPalette="green" variant="subtle">
                Current Plan
              </Badge>
            </HStack>
            {plansLoading ? (
              <Skeleton height="5" width="24" />
            ) : plan ? (
              <Text color="fg.muted">{plan.price > 0 ? `$${plan.price}/month` : '$0'}</Text>
            ) : null}
          </Stack>
        </HStack>
        {live?.cancelAtPeriodEnd ? (
          <Text color="orange.700" fontWeight="medium" role="status">
            Your subscription is canceled. You keep {plan?.name ?? 'your plan'} until{' '}
            {billingDate(live.currentPeriodEnd)}.
          </Text>
        ) : live && paid ? (
          <Text color="fg.muted" fontSize="sm">
            {live.status === 'trialing' ? 'Your free trial ends' : 'Renews'} on{' '}
            {billingDate(live.currentPeriodEnd)}.
          </Text>
        ) : null}
        <FeatureList features={SUBSCRIPTION_CARD_FEATURES[tier]} />
      </Card.Body>
      <Card.Footer gap="3" flexWrap="wrap">
        {!paid ? (
          <Button asChild colorPalette="brand">
            <RouterLink to="/subscribe">Upgrade Plan</RouterLink>
          </Button>
        ) : user?.stripeCustomerId ? (
          <ManageBillingButton />
        ) : (
          <Button asChild colorPalette="brand">
            <RouterLink to="/subscribe">Complete Subscription Setup</RouterLink>
          </Button>
        )}
        {paid && live && !live.cancelAtPeriodEnd ? (
          <CancelSubscriptionDialog
            canceling={canceling}
            periodEnd={billingDate(live.currentPeriodEnd)}
            onConfirm={cancel}
          />
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}
