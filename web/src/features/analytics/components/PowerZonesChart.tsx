import { useBreakpointValue } from '@chakra-ui/react';
import type { PerformanceZoneDto, ZoneSource } from '@domestique/proto';
import { ResponsiveBar } from '@nivo/bar';
import { formatDuration } from '../../../app/format';
import { chartTheme, ZONE_COLORS } from '../chart-theme';
import { ChartFrame, ChartTooltip } from './ChartFrame';

const SOURCE_LABEL: Record<ZoneSource, string> = { power: 'power', heartRate: 'heart-rate' };

/** Lifetime time per zone: power zones when the rider has power, else heart-rate zones (said so). */
export function PowerZonesChart({
  zones,
  source,
}: {
  zones: PerformanceZoneDto[];
  source: ZoneSource | null;
}) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const data = zones.map((zone, index) => ({
    zone: zone.zone,
    name: zone.name,
    hours: Math.round((zone.timeSpent / 3600) * 10) / 10,
    seconds: zone.timeSpent,
    color: ZONE_COLORS[index % ZONE_COLORS.length]!,
  }));
  const title = source === 'heartRate' ? 'Time in heart-rate zones' : 'Time in power zones';
  const summary = source
    ? `Your lifetime riding time in each ${SOURCE_LABEL[source]} zone, in hours${
        source === 'heartRate' ? ' (from heart rate: no power meter data yet)' : ''
      }.`
    : 'No zone data yet: ride with a power meter or a heart-rate monitor to see your zones.';
  return (
    <ChartFrame id="power-zones" title={title} summary={summary}>
      {data.length > 0 ? (
        <ResponsiveBar
          data={data}
          keys={['hours']}
          indexBy="zone"
          colors={({ data: datum }) => String(datum.color)}
          theme={chartTheme}
          margin={{ top: 16, right: 16, bottom: 56, left: 64 }}
          padding={0.25}
          borderRadius={3}
          enableLabel={!narrow}
          label={(bar) => `${bar.value ?? 0}h`}
          labelTextColor="#172033"
          axisBottom={{
            legend: narrow ? 'Zone' : `Zone (${source === 'heartRate' ? 'heart rate' : 'power'})`,
            legendOffset: 42,
            legendPosition: 'middle',
            format: (zone: string) =>
              narrow ? zone : `${zone} ${data.find((d) => d.zone === zone)?.name ?? ''}`,
          }}
          axisLeft={{ legend: 'Time (hours)', legendOffset: -52, legendPosition: 'middle', tickValues: 5 }}
          tooltip={({ data: datum }) => (
            <ChartTooltip
              title={`${datum.zone} ${datum.name}`}
              rows={[
                { label: 'Time', value: formatDuration(Number(datum.seconds)), color: String(datum.color) },
              ]}
            />
          )}
          role="img"
          ariaLabel={title}
          barAriaLabel={(bar) => `${bar.indexValue}: ${bar.value ?? 0} hours`}
          animate={false}
        />
      ) : null}
    </ChartFrame>
  );
}
