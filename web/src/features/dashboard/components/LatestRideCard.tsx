import { Badge, Button, Card, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { AiFeedbackPanel, isAnalysed } from '../../rides/components/AiFeedbackPanel';
import { RideCardHeader } from '../../rides/components/RideCardHeader';
import { RideStatGrid } from '../../rides/components/RideStatGrid';
import type { Ride } from '../../rides/graphql/rides.graphql';
import { SessionBadge } from '../../rides/components/SessionBadge';

/** The featured (latest) ride with its AI analysis and a View Analysis button (spec section 2). */
export function LatestRideCard({
  ride,
  onGenerate,
  analyzing,
}: {
  ride: Ride;
  onGenerate?: () => void;
  analyzing?: boolean;
}) {
  const analysed = isAnalysed(ride);
  return (
    <Card.Root as="section" aria-labelledby="latest-ride-heading">
      <RideCardHeader
        ride={ride}
        headingId="latest-ride-heading"
        level="h2"
        eyebrow="Latest Ride"
        badges={
          <>
            <SessionBadge ride={ride} />
            <Badge colorPalette={analysed ? 'purple' : 'gray'}>
              {analysed ? 'Analyzed' : 'Not Analyzed'}
            </Badge>
          </>
        }
      />
      <Card.Body>
        <Stack gap="4">
          <RideStatGrid ride={ride} />
          <AiFeedbackPanel ride={ride} onGenerate={onGenerate} analyzing={analyzing} />
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand">
          <RouterLink to="/rides">View Analysis</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
