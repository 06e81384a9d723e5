import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDuration, formatMiles, formatRideDate } from '../../rides/format';
import type { Ride } from '../../rides/graphql/rides.graphql';

/** Rides 2 to 4 of the recent list (spec section 2): name, miles, duration, date. */
export function RecentRidesList({ rides }: { rides: Ride[] }) {
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
            <HStack
              as="li"
              key={ride.id}
              justify="space-between"
              py="3"
              borderTopWidth="1px"
              _first={{ borderTopWidth: 0 }}
              gap="3"
            >
              <Stack gap="0" minW="0">
                <Text fontWeight="medium" truncate>
                  {ride.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatRideDate(ride.startDate)}
                </Text>
              </Stack>
              <Stack gap="0" textAlign="end" flexShrink={0}>
                <Text fontWeight="medium">{formatMiles(ride.distance)} mi</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDuration(ride.movingTime)}
                </Text>
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
