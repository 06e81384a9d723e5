import { useQuery } from '@apollo/client/react';
import { Skeleton, Stack } from '@chakra-ui/react';
import { PageContainer } from '../../../app/layout/PageContainer';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { LIFETIME_ANALYTICS_QUERY } from '../graphql/analytics.graphql';
import { AnalyticsCharts } from './AnalyticsCharts';
import { AnalyticsStatCards } from './AnalyticsStatCards';
import { UnderstandingAnalytics } from './UnderstandingAnalytics';

/** /analytics (spec section 2, Lifetime Analytics). */
export function AnalyticsPage() {
  const query = useQuery(LIFETIME_ANALYTICS_QUERY, {
    variables: { timeZone: browserTimeZone() },
    fetchPolicy: 'cache-and-network',
  });
  const analytics = query.data?.lifetimeAnalytics;
  return (
    <PageContainer
      title="Lifetime Analytics"
      description="Your totals, weekly progress, training zones and load, from every ride you have synced."
    >
      <Stack gap="8">
        {!analytics && query.error ? (
          <LoadErrorAlert
            title="Your analytics could not be loaded."
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : null}
        <AnalyticsStatCards stats={analytics?.monthlyStats} trends={analytics?.statTrends} />
        {analytics ? (
          <>
            <AnalyticsCharts analytics={analytics} />
            <UnderstandingAnalytics analytics={analytics} />
          </>
        ) : query.error ? null : (
          <Stack gap="4" aria-busy="true" aria-label="Loading analytics">
            <Skeleton height="10" width="80" />
            <Skeleton height="80" rounded="lg" />
            <Skeleton height="40" rounded="lg" />
          </Stack>
        )}
      </Stack>
    </PageContainer>
  );
}
