import { Badge, Box, Card, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import {
  discountedMonthlyPrice,
  MONEY_BACK_GUARANTEE_DAYS,
  type PromoDiscount,
} from '@domestique/proto/messages';
import type { ReactNode } from 'react';
import { MdVerifiedUser } from 'react-icons/md';
import type { Plan } from '../graphql/billing.graphql';
import { FeatureList } from './FeatureList';

interface PlanCardProps {
  plan: Plan;
  /** an applied promo; it changes the price of plans that can be bought */
  promo?: PromoDiscount | null;
  /** the rider's plan: shows the Current Plan badge */
  current?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** the card's buttons */
  children?: ReactNode;
}

function Price({ plan, promo }: { plan: Plan; promo: PromoDiscount | null }) {
  const perMonth =
    plan.price > 0 ? (
      <Text fontSize="md" fontWeight="medium" color="fg.muted">
        /month
      </Text>
    ) : null;
  if (promo && plan.purchasable && plan.price > 0 && promo.discountType !== 'trial') {
    const { price, savings } = discountedMonthlyPrice(plan.price, promo);
    return (
      <Stack gap="1">
        <HStack gap="3" align="baseline" wrap="wrap">
          <Text as="s" fontSize="xl" color="fg.muted" aria-label={`Regular price $${plan.price} per month`}>
            ${plan.price}
          </Text>
          <HStack gap="1" align="baseline">
            <Text fontSize="4xl" fontWeight="800" color="asphalt.900" lineHeight="1">
              ${price}
            </Text>
            {perMonth}
          </HStack>
        </HStack>
        <Text color="green.700" fontWeight="semibold" fontSize="sm">
          Save ${savings}/month
        </Text>
        <Text color="fg.muted" fontSize="xs">
          Discount applies to your first month.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="1">
      <HStack gap="1" align="baseline">
        <Text fontSize="4xl" fontWeight="800" color="asphalt.900" lineHeight="1">
          ${plan.price}
        </Text>
        {perMonth}
      </HStack>
      {promo?.discountType === 'trial' && plan.purchasable ? (
        <Text color="green.700" fontWeight="semibold" fontSize="sm">
          {promo.discountValue} days free, then ${plan.price}/month
        </Text>
      ) : null}
    </Stack>
  );
}

/** One plan: name, price (with a promo's discount), features, and its buttons. */
export function PlanCard({
  plan,
  promo = null,
  current = false,
  headingLevel = 'h2',
  children,
}: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={titleId}
      position="relative"
      borderWidth={plan.popular ? '2px' : '1px'}
      borderColor={plan.popular ? 'brand.solid' : 'border'}
      shadow={plan.popular ? 'lg' : 'sm'}
      height="full"
    >
      {plan.popular ? (
        <Badge
          position="absolute"
          top="0"
          left="50%"
          transform="translate(-50%, -50%)"
          colorPalette="brand"
          variant="solid"
          px="3"
          rounded="full"
          letterSpacing="wider"
        >
          MOST POPULAR
        </Badge>
      ) : null}
      <Card.Body gap="5">
        <Stack gap="1">
          <HStack justify="space-between" align="center" gap="2">
            <Heading as={headingLevel} size="xl" id={titleId}>
              {plan.name}
            </Heading>
            {current ? (
              <Badge colorPalette="green" variant="subtle">
                Current Plan
              </Badge>
            ) : null}
          </HStack>
          <Text color="fg.muted">{plan.description}</Text>
        </Stack>
        <Price plan={plan} promo={promo} />
        <FeatureList features={plan.features} />
        {plan.price > 0 ? (
          <HStack gap="2" color="fg.muted" fontSize="sm">
            <Icon as={MdVerifiedUser} aria-hidden />
            <Text>{MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee</Text>
          </HStack>
        ) : null}
        {children ? <Box>{children}</Box> : null}
      </Card.Body>
    </Card.Root>
  );
}
