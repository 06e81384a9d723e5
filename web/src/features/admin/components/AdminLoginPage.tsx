import { HStack, Icon, Input, Stack, Text } from '@chakra-ui/react';
import { MdLock } from 'react-icons/md';
import { Navigate } from 'react-router';
import { AuthHeading, AuthShell } from '../../../app/layout/AuthShell';
import { FormField } from '../../../app/components/FormField';
import { PasswordField } from '../../../app/components/PasswordField';
import { SubmitButton } from '../../../app/components/SubmitButton';
import { useAdminAuth, useAdminLogin } from '../hooks/use-admin-session';

/** /admin-login (spec section 2): Username, Password, Sign In; an admin already signed in goes on to /admin. */
export function AdminLoginPage() {
  const { isAdmin } = useAdminAuth();
  const form = useAdminLogin();
  if (isAdmin) return <Navigate to="/admin" replace />;

  return (
    <AuthShell>
      <Stack gap="6">
        <AuthHeading title="Admin Login" lead="Sign in to the Domestique admin panel." />
        <form noValidate onSubmit={(event) => void form.submit(event)} aria-label="Admin Login">
          <Stack gap="4">
            <FormField label="Username" required>
              <Input
                name="username"
                autoComplete="username"
                value={form.username}
                onChange={(event) => form.setUsername(event.target.value)}
                disabled={form.signingIn}
                autoFocus
              />
            </FormField>
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={form.password}
              onValueChange={form.setPassword}
              disabled={form.signingIn}
            />
            <SubmitButton pending={form.signingIn} pendingText="Signing in...">
              Sign In
            </SubmitButton>
          </Stack>
        </form>
        <HStack gap="2" justify="center" color="fg.muted">
          <Icon as={MdLock} aria-hidden />
          <Text fontSize="sm">Only authorized personnel may access this area.</Text>
        </HStack>
      </Stack>
    </AuthShell>
  );
}
