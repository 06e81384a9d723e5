import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { RideMetricsDto, ZoneTimeDto } from '@domestique/proto';
import { formatDuration, formatTwoDecimals, formatWhole } from '../format';

const POWER_ZONE_NAMES = [
  'Recovery',
  'Endurance',
  'Tempo',
  'Threshold',
  'VO2max',
  'Anaerobic',
  'Neuromuscular',
];
const HEART_RATE_ZONE_NAMES = ['Recovery', 'Aerobic', 'Tempo', 'Threshold', 'VO2max'];

const effortLabel = (seconds: number): string => (seconds < 60 ? `${seconds} s` : `${seconds / 60} min`);

function ZoneBars({ title, zones, names }: { title: string; zones: ZoneTimeDto[]; names: string[] }) {
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

/** The full-details view of a ride's training metrics. */
export function RideMetricsDetails({ metrics }: { metrics: RideMetricsDto }) {
  const figures: [string, string | null][] = [
    [
      'Normalized Power',
      metrics.normalizedPower !== null ? `${formatWhole(metrics.normalizedPower)} W` : null,
    ],
    [
      'Intensity Factor',
      metrics.intensityFactor !== null ? formatTwoDecimals(metrics.intensityFactor) : null,
    ],
    [
      'Training Stress Score',
      metrics.trainingStressScore !== null ? formatWhole(metrics.trainingStressScore) : null,
    ],
    [
      'Variability Index',
      metrics.variabilityIndex !== null ? formatTwoDecimals(metrics.variabilityIndex) : null,
    ],
    [
      'Efficiency Factor',
      metrics.efficiencyFactor !== null ? formatTwoDecimals(metrics.efficiencyFactor) : null,
    ],
    [
      'Aerobic Decoupling',
      metrics.aerobicDecoupling !== null ? `${formatTwoDecimals(metrics.aerobicDecoupling)}%` : null,
    ],
    ['Max Power', metrics.maxPower !== null ? `${formatWhole(metrics.maxPower)} W` : null],
    ['Max Heart Rate', metrics.maxHeartrate !== null ? `${formatWhole(metrics.maxHeartrate)} bpm` : null],
    [
      metrics.ftpSource === 'estimated' ? 'FTP (estimated)' : 'FTP',
      metrics.ftp !== null ? `${formatWhole(metrics.ftp)} W` : null,
    ],
  ];
  const shown = figures.filter((figure): figure is [string, string] => figure[1] !== null);
  return (
    <Stack gap="4">
      {shown.length > 0 ? (
        <SimpleGrid as="dl" columns={{ base: 2, sm: 3 }} gap="3">
          {shown.map(([label, value]) => (
            <Stack key={label} gap="0">
              <Text as="dt" fontSize="xs" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {value}
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
