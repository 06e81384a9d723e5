import { Card, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatDuration, formatRideDate } from '../../../app/format';
import { formatQuantity } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';
import { rideHref } from '../../ride-page/ride-link';
import type { Ride } from '../../rides/graphql/rides.graphql';

/**
 * Rides 2 to 4 of the recent list (spec section 2): name, miles, duration, date. Each row is a link,
 * named by the ride, to the ride's page.
 */
export function RecentRidesList({ rides }: { rides: Ride[] }) {
  const { q } = useUnits();
  if (rides.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="recent-rides-heading">
      <Card.Header>
        <Card.Title as="h2" id="recent-rides-heading">
          Recent Rides
        </Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {rides.map((ride) => (
            <LinkBox
              as="li"
              key={ride.id}
              borderTopWidth="1px"
              _first={{ borderTopWidth: 0 }}
              mx="-2"
              px="2"
              rounded="md"
              _hover={{ bg: 'bg.muted' }}
            >
              <HStack justify="space-between" py="3" gap="3">
                <Stack gap="0" minW="0">
                  <LinkOverlay asChild fontWeight="medium" truncate>
                    <RouterLink to={rideHref(ride.id)}>{ride.name}</RouterLink>
                  </LinkOverlay>
                  <Text fontSize="sm" color="fg.muted">
                    {formatRideDate(ride.startDate)}
                  </Text>
                </Stack>
                <Stack gap="0" textAlign="end" flexShrink={0}>
                  <Text fontWeight="medium">{formatQuantity(q.distance, ride.distance)}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDuration(ride.movingTime)}
                  </Text>
                </Stack>
              </HStack>
            </LinkBox>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
