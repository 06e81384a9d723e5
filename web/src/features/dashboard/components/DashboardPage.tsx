import { useQuery } from '@apollo/client/react';
import { Flex, Grid, GridItem, Skeleton, Stack } from '@chakra-ui/react';
import { DASHBOARD_RECENT_RIDES } from '@domestique/proto/messages';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useSession } from '../../../app/session/session-context';
import { ConnectStravaButton } from '../../strava/components/ConnectStravaButton';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { MonthlyLimitBanner } from '../../rides/components/MonthlyLimitBanner';
import { useAnalyzeRide } from '../../rides/hooks/use-analyze-ride';
import { useMonthlyLimit } from '../../rides/hooks/use-monthly-limit';
import { NoRidesPanel } from '../../strava/components/NoRidesPanel';
import { StravaConnectResult } from '../../strava/components/StravaConnectResult';
import { SyncButton } from '../../strava/components/SyncButton';
import { useStravaConnection } from '../../strava/hooks/use-strava-connection';
import { useStravaSync } from '../../strava/hooks/use-strava-sync';
import { dashboardGreeting } from '../greeting';
import { useRefreshWhileOutdated } from '../../rides/hooks/use-refresh-while-outdated';
import { DASHBOARD_STATS_QUERY } from '../graphql/dashboard.graphql';
import { AskCoachCard } from './AskCoachCard';
import { LatestRideCard } from './LatestRideCard';
import { RecentRidesList } from './RecentRidesList';
import { PerformanceTrends } from './trends/PerformanceTrends';
import { RecommendationsCard } from '../../training/components/RecommendationsCard';
import { UpgradePromoCard } from './UpgradePromoCard';
import { WeeklyStatCards } from './WeeklyStatCards';

const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

/** The signed-in home (spec section 2, Dashboard). */
export function DashboardPage() {
  const { user } = useSession();
  const free = (user?.subscriptionTier ?? 'free') === 'free';
  const stats = useQuery(DASHBOARD_STATS_QUERY, {
    variables: { timeZone: browserTimeZone() },
    fetchPolicy: 'cache-and-network',
  });
  const limit = useMonthlyLimit();
  const analysis = useAnalyzeRide();
  const sync = useStravaSync();
  const { connected } = useStravaConnection();
  const data = stats.data?.dashboardStats;
  const [latest, ...others] = data?.recentRides ?? [];
  useRefreshWhileOutdated(data?.recentRides ?? [], stats.refetch);

  let rides;
  if (!data && stats.loading) rides = <Skeleton height="72" rounded="lg" />;
  else if (!data && stats.error)
    rides = (
      <LoadErrorAlert
        title="Your dashboard could not be loaded."
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    );
  else if (latest)
    rides = (
      <LatestRideCard
        ride={latest}
        onGenerate={() => void analysis.analyze(latest.id)}
        analyzing={analysis.isAnalyzing(latest.id)}
      />
    );
  else rides = <NoRidesPanel connected={connected} />;

  return (
    <PageContainer
      title={dashboardGreeting(user)}
      description="Your week in the saddle and your latest ride."
    >
      <StravaConnectResult />
      <MonthlyLimitBanner limit={limit} />
      <Stack gap="6">
        <Flex justify="flex-end">
          {connected ? (
            <SyncButton
              syncing={sync.syncing}
              progress={sync.progress}
              streams={sync.streams}
              onSync={() => void sync.sync()}
            />
          ) : latest ? (
            <ConnectStravaButton variant="outline">Connect Strava</ConnectStravaButton>
          ) : null}
        </Flex>
        <WeeklyStatCards stats={data?.weeklyStats} />
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6">
          <GridItem>{rides}</GridItem>
          <GridItem>
            <Stack gap="6" height="full">
              <AskCoachCard free={free} />
              <RecentRidesList rides={others.slice(0, DASHBOARD_RECENT_RIDES - 1)} />
              {free ? <UpgradePromoCard /> : null}
            </Stack>
          </GridItem>
        </Grid>
        <RecommendationsCard free={free} wide />
        <PerformanceTrends free={free} />
      </Stack>
    </PageContainer>
  );
}
