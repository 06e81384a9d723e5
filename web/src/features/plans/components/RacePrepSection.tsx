import '../../../app/zod-jitless';
import {
  Alert,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Stat,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  PLAN_COURSE_MAX_BYTES,
  PlanMessages,
  type PacingPlanDto,
  type TrainingPlanDto,
} from '@domestique/proto';
import { useRef, useState, type ChangeEvent } from 'react';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { toast } from '../../../app/toaster';
import { dayLabel } from '../../training/load-ranges';
import { plansApi } from '../api/plans-api';
import { clockTime } from '../plan-text';

/** Why a picked file is not sent, in the contract's words (the server checks the same). */
export const courseFileProblem = (file: File): string | null => {
  if (!file.name.toLowerCase().endsWith('.gpx')) return PlanMessages.courseInvalid;
  if (file.size > PLAN_COURSE_MAX_BYTES) return PlanMessages.courseTooLarge;
  return null;
};

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function PacingPlan({ pacing }: { pacing: PacingPlanDto }) {
  const stats = [
    { label: 'Expected time', value: clockTime(pacing.expectedTimeS) },
    {
      label: 'Average target',
      value:
        pacing.targetAverageWatts === null ? 'By heart rate' : `${Math.round(pacing.targetAverageWatts)} W`,
    },
    { label: 'Distance', value: `${pacing.distanceKm.toFixed(1)} km` },
    { label: 'Climbing', value: `${Math.round(pacing.ascentM)} m` },
  ];
  return (
    <Stack gap="4" aria-label={`Pacing plan for ${pacing.courseName}`} role="group">
      <Heading as="h3" size="md">
        Pacing plan: {pacing.courseName}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {stats.map((stat) => (
          <Stat.Root key={stat.label} borderWidth="1px" rounded="lg" p="3">
            <Stat.Label>{stat.label}</Stat.Label>
            <Stat.ValueText>{stat.value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Table.ScrollArea tabIndex={0} aria-label="Pacing by gradient">
        <Table.Root size="sm">
          <Table.Caption>
            <VisuallyHidden>Segments of the course with their targets</VisuallyHidden>
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>km</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Gradient</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Target</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pacing.segments.map((segment) => (
              <Table.Row key={segment.fromKm}>
                <Table.Cell>
                  {segment.fromKm.toFixed(1)}–{segment.toKm.toFixed(1)}
                </Table.Cell>
                <Table.Cell textAlign="end">{segment.gradient.toFixed(1)}%</Table.Cell>
                <Table.Cell textAlign="end">
                  {segment.targetWatts !== null
                    ? `${Math.round(segment.targetWatts)} W`
                    : `HR zone ${segment.targetHrZone ?? '–'}`}
                </Table.Cell>
                <Table.Cell textAlign="end">{clockTime(segment.expectedTimeS)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="sm" color="fg.muted">
        {pacing.assumptions}
      </Text>
    </Stack>
  );
}

/** The GPX course: pick and send it, or remove it; the server answers the plan with its pacing. */
function CourseControls({
  plan,
  onChange,
}: {
  plan: TrainingPlanDto;
  onChange: (plan: TrainingPlanDto) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pacing = plan.racePrep.pacing;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = courseFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    setBusy('upload');
    try {
      const next = await plansApi.uploadCourse(file, browserTimeZone());
      toast.success('Course uploaded', next.racePrep.pacing ? 'Your pacing plan is ready.' : undefined);
      onChange(next);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    setProblem(null);
    try {
      await plansApi.removeCourse();
      onChange({ ...plan, racePrep: { ...plan.racePrep, pacing: null } });
      toast.success('Course removed');
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <input
          ref={input}
          type="file"
          accept=".gpx,application/gpx+xml"
          hidden
          aria-label="GPX course file"
          onChange={(event) => void upload(event)}
        />
        <Button
          colorPalette="brand"
          variant={pacing ? 'outline' : 'solid'}
          loading={busy === 'upload'}
          loadingText="Uploading course..."
          disabled={busy !== null}
          onClick={() => input.current?.click()}
        >
          {pacing ? 'Replace course (GPX)' : 'Upload course (GPX)'}
        </Button>
        {pacing ? (
          <Button
            variant="ghost"
            colorPalette="red"
            loading={busy === 'remove'}
            loadingText="Removing..."
            disabled={busy !== null}
            onClick={() => void remove()}
          >
            Remove course
          </Button>
        ) : null}
      </HStack>
      {problem ? (
        <Alert.Root status="error" role="alert" rounded="md">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      ) : null}
      {pacing ? (
        <PacingPlan pacing={pacing} />
      ) : (
        <Text color="fg.muted" fontSize="sm">
          Upload the event&apos;s course as GPX for a pacing plan by gradient, with your expected time.
        </Text>
      )}
    </Stack>
  );
}

/** A titled list of plain sentences. */
function SentenceList({ heading, lines }: { heading: string; lines: readonly string[] }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {heading}
      </Heading>
      <Stack as="ul" gap="1" m="0" ps="5">
        {lines.map((line, index) => (
          <Text as="li" key={index}>
            {line}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** Race preparation (issue 23, section 4): the taper, the guidance and targets, and the course's pacing. */
export function RacePrepSection({
  plan,
  onChange,
}: {
  plan: TrainingPlanDto;
  onChange: (plan: TrainingPlanDto) => void;
}) {
  const { racePrep } = plan;
  return (
    <Card.Root as="section" aria-labelledby="race-prep-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="race-prep-heading">
          Race preparation
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Taper from {dayLabel(racePrep.taperStart, true)}
        </Text>
      </Card.Header>
      <Card.Body gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SentenceList heading="Guidance" lines={racePrep.guidance} />
          <SentenceList heading="Targets by duration" lines={racePrep.targets} />
        </SimpleGrid>
        <CourseControls plan={plan} onChange={onChange} />
      </Card.Body>
    </Card.Root>
  );
}
