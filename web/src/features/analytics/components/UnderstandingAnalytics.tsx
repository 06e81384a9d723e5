import { Badge, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { LifetimeAnalyticsDto } from '@domestique/proto';
import { useUnits } from '../../../app/units/use-units';
import {
  lastFourWeeks,
  performanceGuidance,
  progressGuidance,
  zonesGuidance,
  type Guidance,
  type Level,
} from '../guidance';

const LEVEL_BADGE: Record<Level, { label: string; palette: string }> = {
  top: { label: 'Excellent', palette: 'green' },
  good: { label: 'Good', palette: 'blue' },
  building: { label: 'Building', palette: 'orange' },
  none: { label: 'No data yet', palette: 'gray' },
};

function ExplainCard({ title, what, guidance }: { title: string; what: string; guidance: Guidance }) {
  const badge = LEVEL_BADGE[guidance.level];
  return (
    <Card.Root as="article" aria-label={title}>
      <Card.Header>
        <Card.Title as="h3">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text color="fg.muted">{what}</Text>
          <Stack gap="1">
            <Text fontWeight="semibold" display="flex" gap="2" alignItems="center">
              How you&apos;re doing
              <Badge colorPalette={badge.palette}>{badge.label}</Badge>
            </Text>
            <Text>{guidance.text}</Text>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** "Understanding Your Analytics": what each tab shows and how the rider is doing (spec section 9). */
export function UnderstandingAnalytics({ analytics }: { analytics: LifetimeAnalyticsDto }) {
  const recent = lastFourWeeks(analytics.weeklyProgress);
  const { system } = useUnits();
  return (
    <Stack as="section" aria-labelledby="understanding-heading" gap="4">
      <Heading as="h2" size="xl" id="understanding-heading">
        Understanding Your Analytics
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <ExplainCard
          title="Progress Trends"
          what="Your weekly distance and average speed. Steady growth in distance builds endurance; rising speed at the same distance shows fitness."
          guidance={progressGuidance(recent, system)}
        />
        <ExplainCard
          title="Power Zones"
          what="How your riding time splits across training zones. Most endurance training belongs in the easy zones, with a little hard work on top."
          guidance={zonesGuidance(analytics.performanceZones, analytics.zoneSource)}
        />
        <ExplainCard
          title="Performance"
          what="Your weekly climbing and riding time: together they show your training load."
          guidance={performanceGuidance(recent, system)}
        />
      </SimpleGrid>
    </Stack>
  );
}
