import '../../../app/zod-jitless';
import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Heading,
  Portal,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { WORKOUT_EXPORT_FORMATS, WorkoutExportMessages, type PlanSessionDto } from '@domestique/proto';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../../app/format';
import { PHASE_LABELS, percent, VERDICT_LABELS } from '../../plans/plan-text';
import { WorkoutProfile } from '../../training/components/WorkoutProfile';
import { dayLabel } from '../../training/load-ranges';
import { stepLines } from '../../training/step-profile';
import { calendarApi } from '../api/calendar-api';
import { longDay } from '../calendar-grid';
import { statusText } from './SessionChip';

/** A session ridden by heart rate (no FTP): only the .fit workout carries heart-rate targets. */
const byHeartRate = (session: PlanSessionDto): boolean =>
  session.steps.length > 0 && session.steps.every((step) => step.targetPercentFtp === null);

function Compliance({ compliance }: { compliance: NonNullable<PlanSessionDto['compliance']> }) {
  const stats = [
    { label: 'Score', value: `${Math.round(compliance.score)}/100` },
    { label: 'Duration', value: percent(compliance.durationRatio) },
    { label: 'Load', value: percent(compliance.loadRatio) },
    {
      label: 'Time in target',
      value: compliance.timeInTargetRatio === null ? '–' : percent(compliance.timeInTargetRatio),
    },
  ];
  return (
    <Stack gap="2" role="group" aria-label="Compliance">
      <HStack gap="2" wrap="wrap">
        <Heading as="h3" size="sm">
          How it went
        </Heading>
        <Badge colorPalette={compliance.verdict === 'done' ? 'green' : 'orange'}>
          {VERDICT_LABELS[compliance.verdict]}
        </Badge>
      </HStack>
      <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2">
        {stats.map((stat) => (
          <Stat.Root key={stat.label} size="sm" borderWidth="1px" rounded="md" p="2">
            <Stat.Label>{stat.label}</Stat.Label>
            <Stat.ValueText>{stat.value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Text fontSize="sm">{compliance.summary}</Text>
      <Text fontSize="sm">
        Ridden as{' '}
        <RouterLink to={`/rides/${encodeURIComponent(compliance.rideId)}`}>{compliance.rideName}</RouterLink>:{' '}
        {formatDuration(compliance.durationS)} · {Math.round(compliance.load)} TSS
      </Text>
    </Stack>
  );
}

/** The session's files for the bike computer and the trainer. */
function ExportLinks({ session }: { session: PlanSessionDto }) {
  const heartRate = byHeartRate(session);
  const formats = heartRate ? (['fit'] as const) : WORKOUT_EXPORT_FORMATS;
  return (
    <Stack gap="2" role="group" aria-label="Export">
      <Heading as="h3" size="sm">
        Export
      </Heading>
      <HStack gap="2" wrap="wrap">
        {formats.map((format) => (
          <Button key={format} asChild size="sm" variant="outline">
            <a href={calendarApi.exportUrl(session.id, format)} download>
              .{format}
            </a>
          </Button>
        ))}
      </HStack>
      {heartRate ? (
        <Text fontSize="xs" color="fg.muted">
          {WorkoutExportMessages.needsPower}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A session's detail: its steps, why it is there, how it went, and its exports. */
export function SessionDetailDialog({
  session,
  onClose,
}: {
  session: PlanSessionDto | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={session !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {session ? (
              <>
                <Dialog.Header>
                  <Stack gap="1">
                    <Dialog.Title>{session.title}</Dialog.Title>
                    <Text fontSize="sm" color="fg.muted">
                      {longDay(session.date)} · {formatDuration(session.durationS)} ·{' '}
                      {Math.round(session.plannedLoad)} TSS · {PHASE_LABELS[session.phase]}, week{' '}
                      {session.week}
                    </Text>
                  </Stack>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <HStack gap="2" wrap="wrap">
                      <Badge>{statusText(session)}</Badge>
                      {session.originalDate ? (
                        <Badge variant="outline">Moved from {dayLabel(session.originalDate)}</Badge>
                      ) : null}
                    </HStack>
                    <Text>{session.reason}</Text>
                    {session.steps.length > 0 ? (
                      <Stack gap="2">
                        <WorkoutProfile
                          steps={session.steps}
                          label={`Profile of ${session.title}: ${session.steps.length} steps`}
                        />
                        <Stack as="ol" gap="0" m="0" ps="5" fontSize="sm" aria-label="Steps">
                          {stepLines(session.steps).map((line, index) => (
                            <li key={index}>{line}</li>
                          ))}
                        </Stack>
                      </Stack>
                    ) : null}
                    {session.compliance ? <Compliance compliance={session.compliance} /> : null}
                    <ExportLinks session={session} />
                  </Stack>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close" />
                </Dialog.CloseTrigger>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
