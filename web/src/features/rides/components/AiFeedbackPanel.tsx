import { Box, Button, Heading, Stack, Text, Tooltip } from '@chakra-ui/react';
import { MdAutoAwesome } from 'react-icons/md';
import type { Ride } from '../graphql/rides.graphql';

/** Shown while a ride's feedback exists but has not been loaded (spec section 2). */
export const GENERIC_ADVICE =
  'Keep building your aerobic base with steady endurance rides, add one focused interval session a week, and recover well between hard days.';

const GENERATE_SOON = 'AI feedback generation is coming soon.';

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

/**
 * A ride's AI feedback: the feedback when it is loaded, generic advice while it is not, or the
 * "AI Analysis Pending" panel. Generating feedback belongs to the analysis service (a later
 * issue): its button is shown disabled with a tooltip until then.
 */
export function AiFeedbackPanel({ ride, full = false }: { ride: Ride; full?: boolean }) {
  if (ride.hasAiFeedback && ride.aiFeedback) {
    const feedback = ride.aiFeedback;
    return (
      <Stack gap="2" bg="brand.subtle" rounded="md" p="3">
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
      <Tooltip.Root openDelay={700} closeDelay={300}>
        <Tooltip.Trigger asChild>
          <Box
            as="span"
            display="inline-block"
            alignSelf="flex-start"
            tabIndex={0}
            aria-label={GENERATE_SOON}
          >
            <Button size="sm" colorPalette="brand" disabled pointerEvents="none">
              <MdAutoAwesome aria-hidden />
              Generate AI Feedback
            </Button>
          </Box>
        </Tooltip.Trigger>
        <Tooltip.Positioner>
          <Tooltip.Content>{GENERATE_SOON}</Tooltip.Content>
        </Tooltip.Positioner>
      </Tooltip.Root>
    </Stack>
  );
}
