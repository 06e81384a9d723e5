import { Button, Card, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

/** The dashboard's upgrade promo for free riders (spec section 2). */
export function UpgradePromoCard() {
  return (
    <Card.Root as="section" aria-labelledby="upgrade-heading" bg="asphalt.solid" color="white">
      <Card.Header>
        <Card.Title as="h2" id="upgrade-heading">
          Go Pro
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Text color="asphalt.200">
          Unlimited ride analysis, advanced AI feedback and performance trends for $99/month.
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand">
          <RouterLink to="/subscribe">Upgrade to Pro</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
