import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';

/** /admin: placeholder until the admin issue builds the dashboard (and its admin-session check). */
export function AdminPage() {
  return (
    <PublicShell>
      <PageContainer
        title="Admin Panel"
        description="User management, subscription statistics and promo codes will appear here."
      />
    </PublicShell>
  );
}
