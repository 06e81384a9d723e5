import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { MdArrowBack } from 'react-icons/md';
import { useLocation, useNavigate } from 'react-router';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useSession } from '../../../app/session/session-context';
import { AccountStatisticsCard } from '../../strava/components/AccountStatisticsCard';
import { ConnectedServicesCard } from '../../strava/components/ConnectedServicesCard';
import { SubscriptionCard } from '../../subscribe/components/SubscriptionCard';
import { ProfileInformationCard } from './ProfileInformationCard';
import { TrainingProfileCard } from './TrainingProfileCard';

/** Go Back: the previous page in the browser history, or the dashboard when there is none. */
function GoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => void (location.key === 'default' ? navigate('/dashboard') : navigate(-1));
  return (
    <Button variant="ghost" size="sm" ms="-2" mb="2" onClick={goBack}>
      <MdArrowBack aria-hidden />
      Go Back
    </Button>
  );
}

/**
 * /profile (spec section 2). The cards stack in one column: Profile Information first, then the
 * Training Profile (issue 17), Subscription, Connected Services and Account Statistics cards.
 */
export function ProfilePage() {
  const { user, status } = useSession();

  if (status === 'loading') {
    return (
      <Center minH="50vh" role="status" aria-label="Loading profile">
        <Spinner color="brand.solid" size="lg" />
      </Center>
    );
  }

  return (
    <PageContainer
      maxW="3xl"
      title="Profile & Settings"
      description="Manage your profile, your training numbers, your subscription and your connected Strava account."
      leading={<GoBack />}
    >
      {user ? (
        <Stack gap="6">
          <ProfileInformationCard user={user} />
          <TrainingProfileCard />
          <SubscriptionCard />
          <ConnectedServicesCard />
          <AccountStatisticsCard />
        </Stack>
      ) : (
        <Center py="16">
          <Text color="fg.muted" fontSize="lg">
            Unable to load profile
          </Text>
        </Center>
      )}
    </PageContainer>
  );
}
