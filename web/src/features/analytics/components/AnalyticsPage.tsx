import { PageContainer } from '../../../app/layout/PageContainer';

/** /analytics: placeholder until the analytics issue. */
export function AnalyticsPage() {
  return (
    <PageContainer
      title="Lifetime Analytics"
      description="Your lifetime totals, weekly progress, power zones and performance trends will appear here."
    />
  );
}
