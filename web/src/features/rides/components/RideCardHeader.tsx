import '../../../app/zod-jitless';
import { Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { isUploadedSourceLabel } from '@domestique/proto';
import type { ReactNode } from 'react';
import { formatRideDate } from '../../../app/format';
import { RideLink } from '../../ride-page/ride-link';
import type { Ride } from '../graphql/rides.graphql';

interface RideCardHeaderProps {
  ride: Ride;
  /** the heading's id, which names the card (aria-labelledby) */
  headingId: string;
  level: 'h2' | 'h3';
  /** a small label above the name, e.g. "Latest Ride" */
  eyebrow?: string;
  badges: ReactNode;
}

/** A ride card's header: its name (a link to the ride's page), its badges, then its date and type. */
export function RideCardHeader({ ride, headingId, level, eyebrow, badges }: RideCardHeaderProps) {
  return (
    <Card.Header gap="1">
      <HStack justify="space-between" align="flex-start" gap="3">
        <Stack gap="0.5">
          {eyebrow ? (
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              {eyebrow}
            </Text>
          ) : null}
          <Heading as={level} size={level === 'h2' ? 'lg' : 'md'} id={headingId} lineClamp={2}>
            <RideLink rideId={ride.id} color="inherit" fontWeight="inherit">
              {ride.name}
            </RideLink>
          </Heading>
        </Stack>
        <HStack gap="1.5" wrap="wrap" justify="flex-end">
          {badges}
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {formatRideDate(ride.startDate)} · {ride.type}
        {isUploadedSourceLabel(ride.sourceLabel) ? ` · ${ride.sourceLabel}` : null}
      </Text>
    </Card.Header>
  );
}
