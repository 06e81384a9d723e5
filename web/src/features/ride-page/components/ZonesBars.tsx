import '../../../app/zod-jitless';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { HEART_RATE_ZONE_NAMES, POWER_ZONE_NAMES, type RideZonesDto } from '@domestique/proto';
import { formatDuration } from '../../../app/format';
import { ZONE_COLORS } from '../../analytics/chart-theme';

const bounds = (min: number, max: number | null, unit: string) =>
  max === null ? `${Math.round(min)}+ ${unit}` : `${Math.round(min)}–${Math.round(max)} ${unit}`;

/** Time in each zone of one kind as bars, with the zone's bounds and its share of the ride. */
function ZoneList({ kind, zones }: { kind: 'power' | 'heartRate'; zones: RideZonesDto }) {
  const unit = kind === 'power' ? 'W' : 'bpm';
  const names = kind === 'power' ? POWER_ZONE_NAMES : HEART_RATE_ZONE_NAMES;
  const title = kind === 'power' ? 'Power zones' : 'Heart-rate zones';
  const total = zones.zones.reduce((sum, zone) => sum + zone.seconds, 0);
  return (
    <Stack gap="1.5" as="section" aria-label={title} data-testid={`zones-${kind}`}>
      <Text fontWeight="semibold" fontSize="sm">
        {title}{' '}
        <Text as="span" fontWeight="normal" color="fg.muted">
          ({kind === 'power' ? 'FTP' : 'LTHR'} {Math.round(zones.threshold)} {unit})
        </Text>
      </Text>
      {zones.zones.map((zone, index) => {
        const share = total > 0 ? Math.round((zone.seconds / total) * 100) : 0;
        return (
          <Stack key={zone.zone} gap="0.5" fontSize="xs">
            <HStack justify="space-between" gap="2">
              <Text color="fg.muted">
                Z{zone.zone} {names[zone.zone - 1] ?? ''} · {bounds(zone.min, zone.max, unit)}
              </Text>
              <Text fontWeight="semibold" flexShrink={0}>
                {formatDuration(zone.seconds)} · {share}%
              </Text>
            </HStack>
            <Box bg="bg.muted" rounded="full" height="2.5" overflow="hidden" aria-hidden>
              <Box bg={ZONE_COLORS[index % ZONE_COLORS.length]} height="full" width={`${share}%`} />
            </Box>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Time in power and heart-rate zones; says why when the ride has neither. */
export function ZonesBars({
  power,
  heartRate,
}: {
  power: RideZonesDto | null;
  heartRate: RideZonesDto | null;
}) {
  if (!power && !heartRate)
    return (
      <Text color="fg.muted" fontSize="sm">
        Zones need power with an FTP, or heart rate with a threshold heart rate.
      </Text>
    );
  return (
    <Stack gap="5">
      {power ? <ZoneList kind="power" zones={power} /> : null}
      {heartRate ? <ZoneList kind="heartRate" zones={heartRate} /> : null}
    </Stack>
  );
}
