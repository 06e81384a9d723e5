import '../../../app/zod-jitless';
import { Box, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { FORM_BANDS } from '@domestique/proto';
import { Suspense, useState } from 'react';
import { formatWhole } from '../../../app/format';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { FORM_BAND_COLORS, FORM_BAND_HELP, formBandRangeText } from '../form-bands';
import { useTrainingLoad, type TrainingLoad } from '../hooks/use-training';
import { dayLabel, DEFAULT_LOAD_RANGE, LOAD_RANGES, type LoadRangeKey } from '../load-ranges';
import { hasLoad, loadSummary, SERIES_COLORS, signed } from '../load-series';
import { FitnessChart, FormChart, WeeklyBars } from './lazy-charts';
import { OptionPicker } from './OptionPicker';
import { ProLockedPanel } from '../../../app/components/ProLockedPanel';

export const NO_LOAD_TEXT =
  'No rides in this range yet. Connect Strava or upload a ride to see your fitness, fatigue and form.';

/** The ranges, with short labels on a phone ("3 mo"), where five full ones would not fit. */
const RANGE_OPTIONS = LOAD_RANGES.map(({ key, label, short }) => ({ key, label, short }));

function LoadStats({ load }: { load: TrainingLoad }) {
  const summary = loadSummary(load.days);
  if (!summary) return null;
  const band = FORM_BANDS.find((b) => b.key === summary.band)!;
  const stats = [
    { label: 'Fitness (CTL)', value: formatWhole(summary.ctl), help: '42-day load' },
    { label: 'Fatigue (ATL)', value: formatWhole(summary.atl), help: '7-day load' },
    { label: 'Form (TSB)', value: signed(summary.tsb), help: band.label },
    {
      label: 'Ramp rate',
      value: summary.rampRate === null ? '–' : signed(summary.rampRate, 1),
      help: 'fitness gained in 7 days',
    },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label={`As of ${dayLabel(summary.date, true)}`}>
      {stats.map((stat) => (
        <Stat.Root key={stat.label} borderWidth="1px" rounded="lg" p="3">
          <Stat.Label>{stat.label}</Stat.Label>
          <Stat.ValueText>{stat.value}</Stat.ValueText>
          <Stat.HelpText>{stat.help}</Stat.HelpText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/** The bands' legend: a swatch, the name, the TSB range and what it means. */
function FormLegend() {
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" fontSize="sm" aria-label="Form bands">
      {FORM_BANDS.map((band) => (
        <HStack as="li" key={band.key} gap="2" align="baseline">
          <Box
            aria-hidden
            flexShrink={0}
            boxSize="3"
            rounded="sm"
            bg={FORM_BAND_COLORS[band.key]}
            opacity={0.7}
          />
          <Text>
            <strong>{band.label}</strong> ({formBandRangeText(band.key)}): {FORM_BAND_HELP[band.key]}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

function SeriesLegend() {
  const items = [
    { label: 'Fitness (CTL)', color: SERIES_COLORS.fitness },
    { label: 'Fatigue (ATL)', color: SERIES_COLORS.fatigue },
    { label: 'Daily load', color: SERIES_COLORS.load },
    { label: 'Estimated load (no power or heart rate)', color: SERIES_COLORS.estimated },
  ];
  return (
    <Flex as="ul" wrap="wrap" gap="3" listStyleType="none" m="0" p="0" fontSize="sm" aria-label="Series">
      {items.map((item) => (
        <HStack as="li" key={item.label} gap="1.5">
          <Box aria-hidden boxSize="3" rounded="sm" bg={item.color} />
          <Text>{item.label}</Text>
        </HStack>
      ))}
    </Flex>
  );
}

const chartSkeleton = <Skeleton height="64" rounded="lg" />;

function LoadBody({ load }: { load: TrainingLoad }) {
  if (!hasLoad(load.days))
    return (
      <Text color="fg.muted" py="8" textAlign="center">
        {NO_LOAD_TEXT}
      </Text>
    );
  return (
    <Stack gap="6">
      <LoadStats load={load} />
      <Suspense fallback={chartSkeleton}>
        <Stack as="figure" gap="2" m="0" aria-labelledby="fitness-title">
          <Heading as="h3" size="md" id="fitness-title">
            Fitness and fatigue
          </Heading>
          <SeriesLegend />
          <FitnessChart days={load.days} />
        </Stack>
        <Stack as="figure" gap="2" m="0" aria-labelledby="form-title">
          <Heading as="h3" size="md" id="form-title">
            Form
          </Heading>
          <FormChart days={load.days} />
          <FormLegend />
        </Stack>
      </Suspense>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {(['load', 'hours'] as const).map((measure) => (
          <Stack as="figure" key={measure} gap="2" m="0" aria-labelledby={`weekly-${measure}-title`}>
            <Heading as="h3" size="md" id={`weekly-${measure}-title`}>
              {measure === 'load' ? 'Weekly load' : 'Weekly hours'}
            </Heading>
            <Box height="56" data-testid={`weekly-${measure}-chart`}>
              <Suspense fallback={chartSkeleton}>
                <WeeklyBars weeks={load.weeks} measure={measure} />
              </Suspense>
            </Box>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PaidLoad() {
  const [range, setRange] = useState<LoadRangeKey>(DEFAULT_LOAD_RANGE);
  const { value, retry } = useTrainingLoad(range);
  let body;
  if (value.state === 'failed')
    body = (
      <LoadErrorAlert title="Your training load could not be loaded." error={value.error} onRetry={retry} />
    );
  else if (value.state === 'ready') body = <LoadBody load={value.data} />;
  else
    body = (
      <Stack gap="4" aria-busy="true" aria-label="Loading training load">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="20" rounded="lg" />
          ))}
        </SimpleGrid>
        {chartSkeleton}
      </Stack>
    );
  return (
    <Stack gap="4">
      <OptionPicker label="Range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
      {body}
    </Stack>
  );
}

/** Fitness, fatigue and form over a picked range, with the weekly bars (Pro and Elite). */
export function TrainingLoadSection({ free }: { free: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="training-load-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="training-load-heading">
          Training load
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Fitness (CTL, 42 days), fatigue (ATL, 7 days) and form (TSB) from every ride&apos;s TSS
        </Text>
      </Card.Header>
      <Card.Body>
        {free ? (
          <ProLockedPanel
            title="Training load is a Pro feature"
            text="See your fitness, fatigue and form day by day since your first ride, and your weekly load and hours."
          />
        ) : (
          <PaidLoad />
        )}
      </Card.Body>
    </Card.Root>
  );
}
