import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { MdAutoAwesome } from 'react-icons/md';
import type { Ride } from '../graphql/rides.graphql';

/** Shown while a ride's feedback exists but has not been loaded (spec section 2). */
export const GENERIC_ADVICE =
  'Keep building your aerobic base with steady endurance rides, add one focused interval session a week, and recover well between hard days.';

function Section({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" fontWeight="semibold">
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {text}
      </Text>
    </Stack>
  );
}

/** Said over feedback written on numbers that changed since (a new FTP, older rides arriving). */
export const OUTDATED_FEEDBACK_NOTE =
  'Your numbers changed since this was written; an updated analysis is on its way.';

/**
 * Said on the button while an analysis waits for the ride's detailed data (its streams are still
 * being fetched from Strava; the analysis waits for them, bounded, and they jump the queue).
 */
export const FETCHING_RIDE_DATA = 'Fetching ride data...';

/** The ride's metrics come from its summary alone: its detailed data is still to come. */
export const awaitsRideData = (ride: Ride): boolean => ride.metrics?.source === 'summary';

/** A ride has feedback once the analysis stored it (the flag follows a moment later from the rides service). */
export const isAnalysed = (ride: Ride): boolean => ride.hasAiFeedback || ride.aiFeedback !== null;

interface AiFeedbackPanelProps {
  ride: Ride;
  /** the technical write-up too (the full-details view) */
  full?: boolean;
  /** runs "Generate AI Feedback"; the button is hidden without it */
  onGenerate?: () => void;
  analyzing?: boolean;
}

/**
 * A ride's AI feedback: the feedback when it is loaded (with a quiet note while it is being rewritten
 * on changed numbers), generic advice while it is not, or the "AI Analysis Pending" panel with "Generate AI Feedback" ("Analyzing..." and disabled meanwhile;
 * "Fetching ride data..." while the analysis waits for the ride's detailed data).
 */
export function AiFeedbackPanel({ ride, full = false, onGenerate, analyzing = false }: AiFeedbackPanelProps) {
  if (ride.aiFeedback) {
    const feedback = ride.aiFeedback;
    return (
      <Stack gap="2" bg="brand.subtle" rounded="md" p="3" data-testid="ai-feedback">
        {feedback.outdated && !full ? (
          <Text role="status" fontSize="xs" color="fg.muted" fontStyle="italic">
            {OUTDATED_FEEDBACK_NOTE}
          </Text>
        ) : null}
        <Section title="Summary" text={feedback.summary} />
        <Section title="Strengths" text={feedback.strengths} />
        <Section title="Areas to Improve" text={feedback.weaknesses} />
        <Section title="Recommendations" text={feedback.recommendations} />
        {full ? <Section title="Technical Analysis" text={feedback.fullAnalysis} /> : null}
      </Stack>
    );
  }
  if (ride.hasAiFeedback) {
    return (
      <Box bg="brand.subtle" rounded="md" p="3">
        <Text fontSize="sm">{GENERIC_ADVICE}</Text>
      </Box>
    );
  }
  return (
    <Stack gap="2" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="md" p="3">
      <Heading as="h4" size="sm">
        AI Analysis Pending
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Get your coach&apos;s take on this ride: what went well, what to work on and what to do next.
      </Text>
      {onGenerate ? (
        <Button
          size="sm"
          colorPalette="brand"
          alignSelf="flex-start"
          onClick={onGenerate}
          disabled={analyzing}
          aria-busy={analyzing}
        >
          <MdAutoAwesome aria-hidden />
          {analyzing ? (awaitsRideData(ride) ? FETCHING_RIDE_DATA : 'Analyzing...') : 'Generate AI Feedback'}
        </Button>
      ) : null}
    </Stack>
  );
}
