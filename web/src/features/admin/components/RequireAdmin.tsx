import { Center, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAdminAuth } from '../hooks/use-admin-session';

/** Shows its children to an admin session only; anyone else goes to /admin-login (spec section 6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isAdmin } = useAdminAuth();
  if (loading) {
    return (
      <Center minH="100dvh" role="status" aria-label="Checking admin access">
        <Spinner color="brand.solid" size="lg" />
      </Center>
    );
  }
  return isAdmin ? children : <Navigate to="/admin-login" replace />;
}
