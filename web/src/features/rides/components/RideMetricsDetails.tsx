import '../../../app/zod-jitless';
import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  HEART_RATE_ZONE_NAMES,
  POWER_ZONE_NAMES,
  type RideMetricsDto,
  type WorkoutDto,
  type ZoneTimeDto,
} from '@domestique/proto';
import { formatDuration, formatTwoDecimals, formatWhole, sentence, wattsPerKg } from '../../../app/format';
import { contextLabels, ftpOrigin, sessionLabel } from '../workout-format';

const effortLabel = (seconds: number): string => (seconds < 60 ? `${seconds} s` : `${seconds / 60} min`);

function ZoneBars({
  title,
  zones,
  names,
}: {
  title: string;
  zones: ZoneTimeDto[];
  names: readonly string[];
}) {
  const total = zones.reduce((sum, zone) => sum + zone.seconds, 0);
  if (total === 0) return null;
  return (
    <Stack gap="1.5">
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      {zones.map((zone) => {
        const share = Math.round((zone.seconds / total) * 100);
        return (
          <HStack key={zone.zone} gap="2" fontSize="xs">
            <Text width="28" flexShrink={0} color="fg.muted">
              Z{zone.zone} {names[zone.zone - 1]}
            </Text>
            <Box flex="1" bg="bg.muted" rounded="full" height="2" overflow="hidden" aria-hidden>
              <Box bg="brand.solid" height="full" width={`${share}%`} />
            </Box>
            <Text width="20" textAlign="end">
              {formatDuration(zone.seconds)} · {share}%
            </Text>
          </HStack>
        );
      })}
    </Stack>
  );
}

interface Figure {
  label: string;
  value: string | null;
  /** beside the value, muted: "3.07 W/kg", "(set by you)" */
  beside?: string | null;
  /** under the value, small: where an estimated FTP came from */
  note?: string | null;
}

const watts = (value: number | null | undefined): string | null =>
  value != null ? `${formatWhole(value)} W` : null;

/** The session read from the ride's data: its type, the context it was ridden in and its structure. */
function Session({ workout }: { workout: WorkoutDto }) {
  return (
    <Stack gap="1" data-testid="ride-session">
      <Text fontWeight="semibold" fontSize="sm">
        Session
      </Text>
      <HStack gap="2" wrap="wrap">
        <Text>{sessionLabel(workout)}</Text>
        {contextLabels(workout).map((label) => (
          <Badge key={label} colorPalette="gray">
            {label}
          </Badge>
        ))}
      </HStack>
      {workout.structure ? (
        <Text fontSize="sm" color="fg.muted">
          {workout.structure}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The full-details view of a ride's training metrics; W/kg beside power once the rider's weight is known. */
export function RideMetricsDetails({
  metrics,
  weightKg = null,
}: {
  metrics: RideMetricsDto;
  weightKg?: number | null;
}) {
  const origin = ftpOrigin(metrics);
  const figures: Figure[] = [
    {
      label: 'Normalized Power',
      value: watts(metrics.normalizedPower),
      beside: wattsPerKg(metrics.normalizedPower, weightKg),
    },
    {
      label: 'Work',
      value: metrics.kilojoules != null ? `${formatWhole(metrics.kilojoules)} kJ` : null,
    },
    {
      label: 'Intensity Factor',
      value: metrics.intensityFactor !== null ? formatTwoDecimals(metrics.intensityFactor) : null,
    },
    {
      label: 'Training Stress Score',
      value: metrics.trainingStressScore !== null ? formatWhole(metrics.trainingStressScore) : null,
    },
    {
      label: 'Variability Index',
      value: metrics.variabilityIndex !== null ? formatTwoDecimals(metrics.variabilityIndex) : null,
    },
    {
      label: 'Efficiency Factor',
      value: metrics.efficiencyFactor !== null ? formatTwoDecimals(metrics.efficiencyFactor) : null,
    },
    {
      label: 'Aerobic Decoupling',
      value: metrics.aerobicDecoupling !== null ? `${formatTwoDecimals(metrics.aerobicDecoupling)}%` : null,
    },
    { label: 'Max Power', value: watts(metrics.maxPower) },
    {
      label: 'Max Heart Rate',
      value: metrics.maxHeartrate !== null ? `${formatWhole(metrics.maxHeartrate)} bpm` : null,
    },
    metrics.ftpSource === 'estimated'
      ? { label: 'FTP (estimated)', value: watts(metrics.ftp), note: origin && sentence(origin) }
      : { label: 'FTP', value: watts(metrics.ftp), beside: origin },
  ];
  const shown = figures.filter((figure) => figure.value !== null);
  return (
    <Stack gap="4">
      {metrics.workout ? <Session workout={metrics.workout} /> : null}
      {shown.length > 0 ? (
        <SimpleGrid as="dl" columns={{ base: 2, sm: 3 }} gap="3">
          {shown.map((figure) => (
            <Stack key={figure.label} gap="0">
              <Text as="dt" fontSize="xs" color="fg.muted">
                {figure.label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {figure.value}
                {figure.beside ? (
                  <Text as="span" fontWeight="normal" color="fg.muted">
                    {' '}
                    {figure.beside}
                  </Text>
                ) : null}
                {figure.note ? (
                  <Text as="span" display="block" fontSize="xs" fontWeight="normal" color="fg.muted">
                    {figure.note}
                  </Text>
                ) : null}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          This ride has no power or heart-rate data for detailed metrics.
        </Text>
      )}
      {metrics.bestEfforts.length > 0 ? (
        <Stack gap="1.5">
          <Text fontWeight="semibold" fontSize="sm">
            Best Efforts
          </Text>
          <HStack gap="4" wrap="wrap" fontSize="sm">
            {metrics.bestEfforts.map((effort) => (
              <Text key={effort.durationSeconds}>
                <Text as="span" color="fg.muted">
                  {effortLabel(effort.durationSeconds)}:
                </Text>{' '}
                {formatWhole(effort.watts)} W
              </Text>
            ))}
          </HStack>
        </Stack>
      ) : null}
      <ZoneBars title="Time in Power Zones" zones={metrics.powerZones} names={POWER_ZONE_NAMES} />
      <ZoneBars
        title="Time in Heart-Rate Zones"
        zones={metrics.heartRateZones}
        names={HEART_RATE_ZONE_NAMES}
      />
      {metrics.source === 'summary' ? (
        <Text fontSize="xs" color="fg.muted">
          Detailed metrics appear once the ride&apos;s data streams are imported.
        </Text>
      ) : null}
    </Stack>
  );
}
