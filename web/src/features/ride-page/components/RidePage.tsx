// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../../app/zod-jitless';
import { Alert, Badge, Box, Button, Heading, HStack, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { isUploadedSourceLabel, type RideDetailDto, type RideStreamsDto } from '@domestique/proto';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { formatWhole, formatTwoDecimals } from '../../../app/format';
import { BackLink } from '../../../app/layout/BackLink';
import { PageContainer } from '../../../app/layout/PageContainer';
import { AiFeedbackPanel } from '../../rides/components/AiFeedbackPanel';
import { RideStatGrid } from '../../rides/components/RideStatGrid';
import { useAnalyzeRide } from '../../rides/hooks/use-analyze-ride';
import { sessionLabel } from '../../rides/workout-format';
import { isNotFound } from '../../../app/rest/validated-rest';
import { RIDE_FEEDBACK_QUERY } from '../graphql/ride-feedback.graphql';
import { toCardRide } from '../card-ride';
import { useDeleteRide } from '../hooks/use-delete-ride';
import { useRidePage } from '../hooks/use-ride-page';
import { RIDES_PATH } from '../ride-link';
import type { TimeRange, XAxisKind } from '../stream-view';
import { IntervalsTable } from './IntervalsTable';
import { PowerCurveChart } from './PowerCurveChart';
import { RangeAverages } from './RangeAverages';
import { RouteMap } from './RouteMap';
import { StreamCharts } from './StreamCharts';
import { ZonesBars } from './ZonesBars';

/** The performance mark set when the ride's charts are first drawn. */
export const CHARTS_DRAWN_MARK = 'ride-page:charts-drawn';

/** The ride id of the page's path, from the route's `:id` (or the path itself under a catch-all route). */
const useRideId = (): string => {
  const params = useParams();
  const { pathname } = useLocation();
  return params.id ?? decodeURIComponent(/^\/rides\/([^/]+)/.exec(pathname)?.[1] ?? '');
};

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-labelledby={id} minW="0">
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const back = (
  <BackLink to={RIDES_PATH} mb="4" display="inline-flex">
    Back to your rides
  </BackLink>
);

function LoadingRide() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Loading ride" data-testid="ride-page-loading">
      <Skeleton height="10" width="60%" />
      <Skeleton height="20" />
      <Skeleton height="64" />
      <Skeleton height="48" />
    </Stack>
  );
}

function RideNotFound() {
  return (
    <PageContainer title="Ride not found" leading={back}>
      <Stack gap="4" align="flex-start">
        <Text color="fg.muted">This ride does not exist, or it is not one of yours.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={RIDES_PATH}>Go to your rides</RouterLink>
        </Button>
      </Stack>
    </PageContainer>
  );
}

function FetchingRideData() {
  return (
    <Alert.Root status="info" rounded="lg" role="status">
      <Spinner size="sm" />
      <Alert.Content>
        <Alert.Title>Fetching ride data</Alert.Title>
        <Alert.Description>
          The detailed data of this ride is on its way from Strava; the charts, route, intervals and zones
          appear here when it arrives.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** NP, TSS, IF and work beside the ride's own numbers, when the ride has them. */
function TrainingNumbers({ detail }: { detail: RideDetailDto }) {
  const metrics = detail.ride.metrics;
  if (!metrics) return null;
  const items = [
    {
      label: 'NP',
      value: metrics.normalizedPower !== null ? `${formatWhole(metrics.normalizedPower)} W` : null,
    },
    {
      label: 'TSS',
      value: metrics.trainingStressScore !== null ? formatWhole(metrics.trainingStressScore) : null,
    },
    {
      label: 'IF',
      value: metrics.intensityFactor !== null ? formatTwoDecimals(metrics.intensityFactor) : null,
    },
    { label: 'Work', value: metrics.kilojoules != null ? `${formatWhole(metrics.kilojoules)} kJ` : null },
  ].filter((item) => item.value !== null);
  if (items.length === 0) return null;
  return (
    <HStack as="dl" gap="4" wrap="wrap" fontSize="sm">
      {items.map((item) => (
        <HStack key={item.label} gap="1">
          <Text as="dt" color="fg.muted">
            {item.label}
          </Text>
          <Text as="dd" fontWeight="semibold">
            {item.value}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}

/** "Delete ride" for an uploaded ride, after a confirmation (a Strava ride would come back with the next sync). */
function DeleteRide({ rideId, name }: { rideId: string; name: string }) {
  const { deleteRide, deleting } = useDeleteRide();
  return (
    <ConfirmDialog
      trigger={{ label: 'Delete ride', size: 'sm' }}
      title="Delete this ride?"
      body={`"${name}" is deleted with its data, metrics, feedback and the file you uploaded. This cannot be undone.`}
      cancelLabel="Cancel"
      confirmLabel="Delete ride"
      busyLabel="Deleting..."
      busy={deleting}
      onConfirm={() => deleteRide(rideId, name)}
    />
  );
}

function Feedback({ detail }: { detail: RideDetailDto }) {
  const feedback = useQuery(RIDE_FEEDBACK_QUERY, { variables: { id: detail.ride.id } });
  const { analyze, isAnalyzing } = useAnalyzeRide();
  const answer = feedback.data?.ride;
  const ride = toCardRide(detail.ride, answer ?? null);
  if (feedback.loading && !answer) return <Skeleton height="24" />;
  return (
    <AiFeedbackPanel
      ride={ride}
      full
      onGenerate={() => void analyze(ride.id).then(() => feedback.refetch())}
      analyzing={isAnalyzing(ride.id)}
    />
  );
}

function Charts({
  detail,
  streams,
  fullStreams,
  onZoom,
}: {
  detail: RideDetailDto;
  streams: RideStreamsDto;
  fullStreams: RideStreamsDto | null;
  onZoom: () => void;
}) {
  const [axisKind, setAxisKind] = useState<XAxisKind>('time');
  const [view, setView] = useState<TimeRange | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const zoom = useCallback(
    (range: TimeRange | null) => {
      if (range) onZoom();
      setView(range);
    },
    [onZoom],
  );
  useEffect(() => {
    // for the benchmark (infra/dev/bench/ride-page-web.mjs): when the charts first reached the screen
    // (jsdom has no User Timing)
    const frame = requestAnimationFrame(() => {
      if (typeof performance.mark === 'function') performance.mark(CHARTS_DRAWN_MARK);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  // Zoomed in with every sample loaded, the charts draw them all; the whole ride draws the reduced series.
  const drawn = view && fullStreams ? fullStreams.series : streams.series;
  const forAverages = fullStreams?.series ?? streams.series;
  const hasCharts = streams.series.time.length > 1;
  return (
    <>
      <Section title="Ride data" id="ride-charts-heading">
        {hasCharts ? (
          <>
            <StreamCharts
              series={drawn}
              intervals={detail.intervals}
              axisKind={axisKind}
              onAxisKindChange={setAxisKind}
              view={view}
              onViewChange={zoom}
              cursor={cursor}
              onCursorChange={setCursor}
            />
            <RangeAverages
              series={forAverages}
              view={view}
              exact={fullStreams !== null}
              whole={{
                averagePower: detail.ride.metrics?.averagePower ?? detail.ride.averageWatts,
                normalizedPower: detail.ride.metrics?.normalizedPower ?? null,
                averageHeartRate: detail.ride.averageHeartrate,
                averageCadence: detail.ride.averageCadence,
              }}
            />
          </>
        ) : (
          <Text color="fg.muted">This ride has no recorded data to chart.</Text>
        )}
      </Section>
      <Section title="Route" id="ride-route-heading">
        <RouteMap
          indoor={detail.indoor || !detail.hasGps}
          latlng={streams.series.latlng}
          time={streams.series.time}
          cursor={cursor}
        />
      </Section>
      <Section title="Intervals" id="ride-intervals-heading">
        {detail.workoutStructure ? <Text fontSize="sm">{detail.workoutStructure}</Text> : null}
        <IntervalsTable intervals={detail.intervals} onShow={zoom} />
      </Section>
    </>
  );
}

function RideView({ detail, data }: { detail: RideDetailDto; data: ReturnType<typeof useRidePage> }) {
  const { ride } = detail;
  useEffect(() => {
    document.title = `${ride.name} - Domestique`;
  }, [ride.name]);
  const workout = detail.workoutType ? sessionLabel({ type: detail.workoutType }) : null;
  return (
    <PageContainer
      title={ride.name}
      leading={back}
      description={
        <>
          {new Date(ride.startDate).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
          {ride.type} ·{' '}
          <Text as="span" data-testid="ride-source">
            {ride.sourceLabel === 'Strava' ? 'from Strava' : ride.sourceLabel}
          </Text>
        </>
      }
    >
      <Stack gap="8" minW="0">
        <Stack gap="3">
          <HStack gap="1.5" wrap="wrap" justify="space-between">
            <HStack gap="1.5" wrap="wrap">
              {workout ? <Badge colorPalette="blue">{workout}</Badge> : null}
              {detail.indoor ? <Badge colorPalette="gray">Indoor</Badge> : null}
            </HStack>
            {isUploadedSourceLabel(ride.sourceLabel) ? (
              <DeleteRide rideId={ride.id} name={ride.name} />
            ) : null}
          </HStack>
          <RideStatGrid ride={toCardRide(ride, null)} />
          <TrainingNumbers detail={detail} />
        </Stack>
        <Section title="Coach feedback" id="ride-feedback-heading">
          <Feedback detail={detail} />
        </Section>
        {detail.streamsPending ? (
          <FetchingRideData />
        ) : data.streams.state === 'loading' ? (
          <Skeleton height="80" data-testid="streams-loading" />
        ) : data.streams.state === 'failed' ? (
          <LoadErrorAlert
            title="Could not load the ride's data"
            error={data.streams.error}
            onRetry={data.retryStreams}
          />
        ) : data.streams.data.pending ? (
          <FetchingRideData />
        ) : (
          <Charts
            detail={detail}
            streams={data.streams.data}
            fullStreams={data.fullStreams}
            onZoom={data.needFullResolution}
          />
        )}
        {detail.streamsPending ? null : (
          <Box
            display="grid"
            gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
            gap="8"
          >
            <Section title="Power-duration curve" id="ride-curve-heading">
              <PowerCurveChart curve={detail.powerCurve} best={detail.bestPowerCurve} />
            </Section>
            <Section title="Time in zones" id="ride-zones-heading">
              <ZonesBars power={detail.powerZones} heartRate={detail.heartRateZones} />
            </Section>
          </Box>
        )}
      </Stack>
    </PageContainer>
  );
}

/** `/rides/:id`: one ride with its charts, route, intervals, power-duration curve, zones and feedback. */
export function RidePage() {
  const rideId = useRideId();
  const data = useRidePage(rideId);
  const { detail } = data;
  if (detail.state === 'failed')
    return isNotFound(detail.error) ? (
      <RideNotFound />
    ) : (
      <PageContainer title="Ride" leading={back}>
        <LoadErrorAlert title="Could not load this ride" error={detail.error} onRetry={data.retryDetail} />
      </PageContainer>
    );
  if (detail.state === 'loading')
    return (
      <PageContainer title="Ride" leading={back}>
        <LoadingRide />
      </PageContainer>
    );
  return <RideView detail={detail.data} data={data} />;
}
