import { Box, Stack, Tabs } from '@chakra-ui/react';
import { MdLocalOffer, MdPeople } from 'react-icons/md';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useAdminDashboard } from '../hooks/use-admin-dashboard';
import { AdminHeader } from './AdminHeader';
import { AdminStatCards } from './AdminStatCards';
import { PromoCodesTab } from './PromoCodesTab';
import { RequireAdmin } from './RequireAdmin';
import { UsersTab } from './UsersTab';

function AdminDashboard() {
  const dashboard = useAdminDashboard();
  return (
    <Stack gap="8">
      <AdminStatCards stats={dashboard.stats.data} />
      <Tabs.Root defaultValue="users" variant="enclosed" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="users">
            <MdPeople aria-hidden />
            User Management
          </Tabs.Trigger>
          <Tabs.Trigger value="promo-codes">
            <MdLocalOffer aria-hidden />
            Promo Codes
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersTab
            users={dashboard.users.data}
            loading={dashboard.users.loading}
            error={dashboard.users.error}
            busyUserId={dashboard.busyUserId}
            deletions={dashboard.deletions}
            onTier={dashboard.setTier}
            onDelete={dashboard.deleteUser}
          />
        </Tabs.Content>
        <Tabs.Content value="promo-codes">
          <PromoCodesTab
            promoCodes={dashboard.promoCodes.data}
            loading={dashboard.promoCodes.loading}
            error={dashboard.promoCodes.error}
            creating={dashboard.creatingPromo}
            busyPromoId={dashboard.busyPromoId}
            onCreate={dashboard.createPromoCode}
            onDelete={dashboard.deletePromoCode}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** /admin (spec section 2): admin sessions only; stats, User Management and Promo Codes. */
export function AdminPage() {
  return (
    <RequireAdmin>
      <Box minH="100dvh" bg="bg.subtle">
        <AdminHeader />
        <Box as="main">
          <PageContainer
            maxW="7xl"
            title="Admin Panel"
            description="Manage users, subscriptions and promo codes."
          >
            <AdminDashboard />
          </PageContainer>
        </Box>
      </Box>
    </RequireAdmin>
  );
}
