import { useQuery } from '@apollo/client/react';
import { Card, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useSession } from '../../../app/session/session-context';
import { formatLongDate } from '../../../app/format';
import { RIDE_TOTALS_QUERY } from '../graphql/strava.graphql';

/** Profile's Account Statistics (spec section 2): Total Rides, AI Analyses, Member since. */
export function AccountStatisticsCard() {
  const { user } = useSession();
  const totals = useQuery(RIDE_TOTALS_QUERY, { fetchPolicy: 'cache-and-network' });
  const data = totals.data?.rideTotals;
  const value = (n: number | undefined) => {
    if (data) return <Stat.ValueText>{n}</Stat.ValueText>;
    if (totals.error)
      return (
        <Stat.HelpText color="fg.error" title={totals.error.message}>
          Unavailable
        </Stat.HelpText>
      );
    return <Skeleton height="8" width="12" />;
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Account Statistics</Card.Title>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Stat.Root>
            <Stat.Label>Total Rides</Stat.Label>
            {value(data?.totalRides)}
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>AI Analyses</Stat.Label>
            {value(data?.analysedRides)}
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Member since</Stat.Label>
            <Stat.ValueText fontSize="lg">{user ? formatLongDate(user.createdAt) : ''}</Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
