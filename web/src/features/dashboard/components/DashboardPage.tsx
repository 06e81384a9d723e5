import { useSession } from '../../../app/session/session-context';
import { PageContainer } from '../../../app/layout/PageContainer';
import { dashboardGreeting } from '../greeting';

/** The signed-in home. Later issues add the stats, latest ride, coach card and trends. */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <PageContainer
      title={dashboardGreeting(user)}
      description="Your week in the saddle, your latest ride and your coach's feedback will appear here."
    />
  );
}
