import { Button, Grid, GridItem, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useSession } from '../../../app/session/session-context';
import { PowerCurveSection } from './PowerCurveSection';
import { RecommendationsCard } from './RecommendationsCard';
import { TrainingLoadSection } from './TrainingLoadSection';

/**
 * /training (issue 22): fitness, fatigue and form over time, the power curve with its
 * critical-power model, and the next 7 days of sessions. Free riders see each section locked with
 * the upgrade prompt, as the dashboard's trends, and nothing is asked of the server for them.
 * The Elite plan and calendar (issue 23) are linked for every tier: those pages show their own
 * locked prompts.
 */
export function TrainingPage() {
  const { user } = useSession();
  const free = (user?.subscriptionTier ?? 'free') === 'free';
  return (
    <PageContainer
      title="Training"
      description="Your fitness, fatigue and form, your power curve and the week ahead."
    >
      <HStack gap="2" mb="6" wrap="wrap">
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to="/plan">Training plan</RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/calendar">Calendar</RouterLink>
        </Button>
      </HStack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
        <GridItem display="flex" flexDirection="column" gap="6" minW="0">
          <TrainingLoadSection free={free} />
          <PowerCurveSection free={free} />
        </GridItem>
        <GridItem minW="0">
          <RecommendationsCard free={free} />
        </GridItem>
      </Grid>
    </PageContainer>
  );
}
