import { Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Suspense, useState } from 'react';
import { formatQuantity } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';
import { RIDER_SETTINGS_QUERY } from '../../profile/graphql/rider-settings.graphql';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { RideLink } from '../../ride-page/ride-link';
import { formatEffortDuration } from '../../ride-page/units';
import {
  canShowWattsPerKg,
  curveValue,
  effortsAt,
  formatCurveValue,
  modelFigures,
  type CurveUnit,
} from '../curve-values';
import { usePowerCurves, type PowerCurves } from '../hooks/use-training';
import { dayLabel } from '../load-ranges';
import {
  COMPARISONS,
  CURVE_PERIODS,
  CURVE_TICKS,
  type ComparisonKey,
  type CurvePeriodKey,
} from '../power-axis';
import { RiderPowerCurveChart } from './lazy-charts';
import { OptionPicker } from './OptionPicker';
import { ProLockedPanel } from '../../../app/components/ProLockedPanel';

export const NO_CURVE_TEXT = 'No power data in this period: ride with a power meter to see your power curve.';

const PERIOD_OPTIONS = CURVE_PERIODS.map(({ key, label, short }) => ({ key, label, short }));
const COMPARISON_OPTIONS = COMPARISONS.map(({ key, label, short }) => ({ key, label, short }));
const UNIT_OPTIONS = [
  { key: 'w', label: 'W' },
  { key: 'wkg', label: 'W/kg' },
] as const;

/** The weight W/kg is computed with, in the rider's units (the settings are in the cache already). */
function WeightNote() {
  const { q } = useUnits();
  const weightKg = useQuery(RIDER_SETTINGS_QUERY).data?.riderSettings.weightKg ?? null;
  if (weightKg === null) return null;
  return (
    <Text color="fg.muted" fontSize="sm">
      W/kg at your weight of {formatQuantity(q.weight, weightKg)} (Profile &amp; Settings).
    </Text>
  );
}

/** CP, W' and the FTP estimate of the period's curve (the critical-power model). */
function ModelStats({ curves }: { curves: PowerCurves }) {
  const figures = modelFigures(curves.current.model);
  const stats = [
    { label: 'Critical power (CP)', value: figures?.cp, help: 'power you can hold for a long time' },
    { label: "W' (anaerobic capacity)", value: figures?.wPrime, help: 'work above CP' },
    { label: 'FTP estimate', value: figures?.ftp, help: 'the model’s 60-minute power' },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
      {stats.map((stat) => (
        <Stat.Root key={stat.label} borderWidth="1px" rounded="lg" p="3">
          <Stat.Label>{stat.label}</Stat.Label>
          <Stat.ValueText>{stat.value ?? '–'}</Stat.ValueText>
          <Stat.HelpText>{figures ? stat.help : 'needs best efforts from 3 to 20 minutes'}</Stat.HelpText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/** The best effort of each standard duration, with a link to the ride that set it. */
function EffortsTable({
  curves,
  unit,
  labels,
}: {
  curves: PowerCurves;
  unit: CurveUnit;
  labels: [string, string];
}) {
  const efforts = effortsAt(curves.current.points, CURVE_TICKS);
  if (efforts.length === 0) return null;
  return (
    // focusable: on a phone the table may scroll sideways, and the keyboard must reach what it hides
    <Table.ScrollArea borderWidth="1px" rounded="lg" tabIndex={0} aria-label="Best efforts">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" pt="2">
          Best efforts, {labels[0].toLowerCase()}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Duration</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Power</Table.ColumnHeader>
            <Table.ColumnHeader>Ride</Table.ColumnHeader>
            {curves.compared ? <Table.ColumnHeader textAlign="end">{labels[1]}</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {efforts.map((effort) => {
            const value = curveValue(effort, unit);
            const before = curves.compared?.points.find((p) => p.durationS === effort.durationS);
            const beforeValue = before ? curveValue(before, unit) : null;
            return (
              <Table.Row key={effort.durationS}>
                <Table.Cell>{formatEffortDuration(effort.durationS)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {value === null ? '–' : formatCurveValue(value, unit)}
                </Table.Cell>
                <Table.Cell>
                  <RideLink rideId={effort.rideId}>{dayLabel(effort.date, true)}</RideLink>
                </Table.Cell>
                {curves.compared ? (
                  <Table.Cell textAlign="end">
                    {beforeValue === null ? '–' : formatCurveValue(beforeValue, unit)}
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function CurveBody({ curves, labels }: { curves: PowerCurves; labels: [string, string] }) {
  const [unitChoice, setUnit] = useState<CurveUnit>('w');
  const perKg = canShowWattsPerKg(curves.current.points);
  const unit: CurveUnit = perKg ? unitChoice : 'w';
  if (curves.current.points.length === 0)
    return (
      <Text color="fg.muted" py="8" textAlign="center">
        {NO_CURVE_TEXT}
      </Text>
    );
  const lines = [
    { label: labels[0], curve: curves.current },
    ...(curves.compared && curves.compared.points.length > 0
      ? [{ label: labels[1], curve: curves.compared }]
      : []),
  ];
  return (
    <Stack gap="4">
      <ModelStats curves={curves} />
      {perKg ? (
        <Flex wrap="wrap" gap="3" align="center">
          <OptionPicker label="Power unit" options={UNIT_OPTIONS} value={unit} onChange={setUnit} />
          {unit === 'wkg' ? <WeightNote /> : null}
        </Flex>
      ) : null}
      <Suspense fallback={<Skeleton height="64" rounded="lg" />}>
        <RiderPowerCurveChart lines={lines} unit={unit} />
      </Suspense>
      {curves.compared && curves.compared.points.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No power data {labels[1].toLowerCase()} to compare with.
        </Text>
      ) : null}
      <EffortsTable curves={curves} unit={unit} labels={labels} />
    </Stack>
  );
}

function PaidCurve() {
  const [period, setPeriod] = useState<CurvePeriodKey>('90d');
  const [comparison, setComparison] = useState<ComparisonKey>('year-before');
  const { value, retry } = usePowerCurves(period, comparison);
  const labels: [string, string] = [
    CURVE_PERIODS.find((p) => p.key === period)!.label,
    COMPARISONS.find((c) => c.key === comparison)!.label,
  ];
  let body;
  if (value.state === 'failed')
    body = (
      <LoadErrorAlert title="Your power curve could not be loaded." error={value.error} onRetry={retry} />
    );
  else if (value.state === 'ready') body = <CurveBody curves={value.data} labels={labels} />;
  else
    body = (
      <Stack gap="4" aria-busy="true" aria-label="Loading power curve">
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="20" rounded="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height="64" rounded="lg" />
      </Stack>
    );
  return (
    <Stack gap="4">
      <Flex wrap="wrap" gap="3">
        <OptionPicker label="Period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />
        <OptionPicker
          label="Compare with"
          options={COMPARISON_OPTIONS}
          value={comparison}
          onChange={setComparison}
        />
      </Flex>
      {body}
    </Stack>
  );
}

/** The best power for every duration from 1 s to 5 h, with the critical-power model (Pro and Elite). */
export function PowerCurveSection({ free }: { free: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="power-curve-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="power-curve-heading">
          Power curve
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Your best average power for each duration, against an earlier period
        </Text>
      </Card.Header>
      <Card.Body>
        {free ? (
          <ProLockedPanel
            title="The power curve is a Pro feature"
            text="See your best power from 1 second to 5 hours, your critical power, W' and an FTP estimate."
          />
        ) : (
          <PaidCurve />
        )}
      </Card.Body>
    </Card.Root>
  );
}
