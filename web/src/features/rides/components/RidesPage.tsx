import { useQuery } from '@apollo/client/react';
import { Button, Center, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LOAD_MORE_MIN_RIDES } from '@domestique/proto/messages';
import { PageContainer } from '../../../app/layout/PageContainer';
import { ConnectStravaButton } from '../../strava/components/ConnectStravaButton';
import { NoRidesPanel } from '../../strava/components/NoRidesPanel';
import { SyncButton } from '../../strava/components/SyncButton';
import { useStravaConnection } from '../../strava/hooks/use-strava-connection';
import { useStravaSync } from '../../strava/hooks/use-strava-sync';
import { USER_AVERAGES_QUERY } from '../graphql/rides.graphql';
import { useAnalyzeRide } from '../hooks/use-analyze-ride';
import { useMonthlyLimit } from '../hooks/use-monthly-limit';
import { useRefreshWhileOutdated } from '../hooks/use-refresh-while-outdated';
import { useRidesPage } from '../hooks/use-rides-page';
import { useRiderWeight } from '../../profile/hooks/use-rider-settings';
import { NoMatchingRides } from './filters/NoMatchingRides';
import { RideFiltersBar } from './filters/RideFiltersBar';
import { useRideListFilters } from './filters/use-ride-list-filters';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { MonthlyLimitBanner } from './MonthlyLimitBanner';
import { RideCard } from './RideCard';
import { RideUploadPanel } from '../../ride-upload/components/RideUploadPanel';

/** /rides (spec section 2): every ride with its details, a comparison to the averages and its AI feedback. */
export function RidesPage() {
  const filters = useRideListFilters();
  const list = useRidesPage(filters.variables);
  const limit = useMonthlyLimit();
  const analysis = useAnalyzeRide({ reloadAfter: true });
  const sync = useStravaSync();
  const { connected } = useStravaConnection();
  const weightKg = useRiderWeight();
  useRefreshWhileOutdated(list.rides, list.refresh);
  const averages = useQuery(USER_AVERAGES_QUERY, {
    skip: list.rides.length === 0,
    fetchPolicy: 'cache-and-network',
  });

  let content;
  if (list.loading) {
    content = (
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" aria-busy="true" aria-label="Loading rides">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height="64" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (list.error) {
    content = (
      <LoadErrorAlert title="Your rides could not be loaded." error={list.error} onRetry={list.retry} />
    );
  } else if (list.rides.length === 0 && filters.filtering) {
    content = <NoMatchingRides onClear={filters.clear} />;
  } else if (list.rides.length === 0) {
    content = <NoRidesPanel connected={connected} />;
  } else {
    content = (
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          {list.rides.map((ride) => (
            <RideCard
              key={ride.id}
              ride={ride}
              averages={averages.data?.userAverages}
              weightKg={weightKg}
              onGenerate={() => void analysis.analyze(ride.id)}
              analyzing={analysis.isAnalyzing(ride.id)}
            />
          ))}
        </SimpleGrid>
        {list.totalCount >= LOAD_MORE_MIN_RIDES && list.hasMore ? (
          <Center>
            <Button
              variant="outline"
              onClick={() => void list.loadMore()}
              loading={list.loadingMore}
              loadingText="Loading..."
            >
              Load More Rides
            </Button>
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <PageContainer
      title="Your Rides"
      description="Every ride, from Strava or your uploaded files, with its numbers and your coach's feedback."
    >
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        direction={{ base: 'column', sm: 'row' }}
        gap="4"
        mb="6"
      >
        <Text color="fg.muted" aria-live="polite">
          {list.loading ? '' : `Showing ${list.rides.length} of ${list.totalCount} rides`}
        </Text>
        {connected ? (
          <SyncButton
            syncing={sync.syncing}
            progress={sync.progress}
            streams={sync.streams}
            onSync={() => void sync.sync()}
          />
        ) : list.rides.length > 0 ? (
          <ConnectStravaButton variant="outline">Connect Strava</ConnectStravaButton>
        ) : null}
      </Flex>
      <MonthlyLimitBanner limit={limit} />
      <RideUploadPanel />
      {filters.filtering || list.loading || list.error || list.rides.length > 0 ? (
        <RideFiltersBar filters={filters.filters} onChange={filters.setFilters} />
      ) : null}
      {content}
    </PageContainer>
  );
}
