import '../../../app/zod-jitless';
import { Badge, Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { EVENT_TYPE_LABELS, type TrainingPlanDto } from '@domestique/proto';
import { dayLabel } from '../../training/load-ranges';
import { daysBetween, PHASE_LABELS, PHASE_PALETTES, timeToGo } from '../plan-text';

/** The plan's header: the event, its date and type, the time to go, and how the plan was built. */
export function PlanSummary({ plan, today }: { plan: TrainingPlanDto; today: string }) {
  return (
    <Card.Root as="section" aria-labelledby="plan-event-heading">
      <Card.Body gap="4">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap" align="baseline">
            <Heading as="h2" size="xl" id="plan-event-heading">
              {plan.eventName}
            </Heading>
            <Badge colorPalette="brand" variant="subtle">
              {EVENT_TYPE_LABELS[plan.eventType]}
            </Badge>
          </HStack>
          <Text color="fg.muted">
            {dayLabel(plan.eventDate, true)} · {timeToGo(today, plan.eventDate)} · {plan.weeklyHours} h a week
            · fitness (CTL) from {Math.round(plan.startCtl)}, rising at most {plan.rampLimit} a week
          </Text>
        </Stack>
        {plan.explanation.length > 0 ? (
          <Stack as="ul" gap="1" m="0" ps="5" aria-label="How your plan was built">
            {plan.explanation.map((sentence, index) => (
              <Text as="li" key={index}>
                {sentence}
              </Text>
            ))}
          </Stack>
        ) : null}
        <PhaseStrip plan={plan} />
      </Card.Body>
    </Card.Root>
  );
}

/** Base, build, peak and taper side by side, each as wide as its share of the plan's days. */
function PhaseStrip({ plan }: { plan: TrainingPlanDto }) {
  return (
    <Flex
      as="ol"
      aria-label="Phases"
      gap="1"
      m="0"
      p="0"
      listStyleType="none"
      wrap={{ base: 'wrap', md: 'nowrap' }}
    >
      {plan.phases.map(({ phase, from, to }) => (
        <Box
          as="li"
          key={phase}
          flexGrow={daysBetween(from, to) + 1}
          flexBasis={{ base: 'full', md: '0' }}
          minW="0"
          rounded="md"
          px="3"
          py="2"
          bg={`${PHASE_PALETTES[phase]}.subtle`}
          borderLeftWidth="4px"
          borderColor={`${PHASE_PALETTES[phase]}.solid`}
        >
          <Text fontWeight="semibold">{PHASE_LABELS[phase]}</Text>
          <Text fontSize="xs" color="fg.muted">
            {dayLabel(from)} – {dayLabel(to)}
          </Text>
        </Box>
      ))}
    </Flex>
  );
}
