import { Alert, Button } from '@chakra-ui/react';
import { AnalysisMessages, LIMIT_WARNING_REMAINING } from '@domestique/proto/messages';
import type { MonthlyAnalysisLimitDto } from '@domestique/proto';
import { Link as RouterLink } from 'react-router';

const plural = (count: number) => `${count} AI ${count === 1 ? 'analysis' : 'analyses'}`;

/**
 * The monthly-limit banner (spec section 4): hidden without a limit; yellow "Almost at your
 * monthly limit" at 1 or fewer remaining; red "Monthly AI Analysis Limit Reached" when reached.
 */
export function MonthlyLimitBanner({ limit }: { limit: MonthlyAnalysisLimitDto | undefined }) {
  if (!limit?.hasLimit || limit.remaining === null || limit.limit === null) return null;
  if (!limit.limitReached && limit.remaining > LIMIT_WARNING_REMAINING) return null;
  const reached = limit.limitReached;
  return (
    <Alert.Root status={reached ? 'error' : 'warning'} mb="6" alignItems="center" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {reached ? AnalysisMessages.limitReachedTitle : AnalysisMessages.limitWarningTitle}
        </Alert.Title>
        <Alert.Description>
          {reached
            ? `You've used all ${plural(limit.limit)} this month. Upgrade to Pro for unlimited ride analysis.`
            : `You have ${plural(limit.remaining)} left this month (${limit.used} of ${limit.limit} used).`}
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette={reached ? 'red' : 'yellow'} variant="solid">
        <RouterLink to="/subscribe">Upgrade to Pro</RouterLink>
      </Button>
    </Alert.Root>
  );
}
