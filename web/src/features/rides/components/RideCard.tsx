import { Badge, Button, Card, Collapsible, Stack } from '@chakra-ui/react';
import type { UserAveragesDto } from '@domestique/proto';
import { useId, useState } from 'react';
import { MdExpandLess, MdExpandMore } from 'react-icons/md';
import { isGreatPerformance } from '../format';
import type { Ride } from '../graphql/rides.graphql';
import { AiFeedbackPanel, isAnalysed } from './AiFeedbackPanel';
import { RideCardHeader } from './RideCardHeader';
import { RideComparison } from './RideComparison';
import { RideMetricsDetails } from './RideMetricsDetails';
import { RideStatGrid } from './RideStatGrid';
import { SessionBadge } from './SessionBadge';

/** One ride on the rides page: its numbers, badges (the session read from its data), comparison, AI feedback and full details. */
interface RideCardProps {
  ride: Ride;
  averages: UserAveragesDto | undefined;
  /** the rider's weight, for W/kg beside power; null while unknown */
  weightKg?: number | null;
  onGenerate?: () => void;
  analyzing?: boolean;
}

export function RideCard({ ride, averages, weightKg = null, onGenerate, analyzing }: RideCardProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Card.Root as="article" aria-labelledby={headingId} height="full">
      <RideCardHeader
        ride={ride}
        headingId={headingId}
        level="h3"
        badges={
          <>
            <SessionBadge ride={ride} />
            {isAnalysed(ride) ? <Badge colorPalette="purple">AI Analyzed</Badge> : null}
            {isGreatPerformance(ride.averageSpeed, ride.averageWatts) ? (
              <Badge colorPalette="green">Great Performance</Badge>
            ) : null}
          </>
        }
      />
      <Card.Body>
        <Stack gap="4">
          <RideStatGrid ride={ride} weightKg={weightKg} />
          <RideComparison ride={ride} averages={averages} />
          <AiFeedbackPanel ride={ride} onGenerate={onGenerate} analyzing={analyzing} />
          <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
            <Collapsible.Trigger asChild>
              <Button variant="ghost" size="sm" alignSelf="flex-start">
                {open ? <MdExpandLess aria-hidden /> : <MdExpandMore aria-hidden />}
                {open ? 'Hide Full Details' : 'View Full Details'}
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="4" pt="3">
                {ride.metrics ? <RideMetricsDetails metrics={ride.metrics} weightKg={weightKg} /> : null}
                {ride.aiFeedback ? <AiFeedbackPanel ride={ride} full /> : null}
              </Stack>
            </Collapsible.Content>
          </Collapsible.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
