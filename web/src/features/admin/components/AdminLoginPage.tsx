import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';

/** /admin-login: placeholder until the admin issue builds the form. */
export function AdminLoginPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="xl"
        title="Admin Login"
        description="The administrator sign-in will appear here. Only authorized personnel may enter."
      />
    </PublicShell>
  );
}
