import { PageContainer } from '../../../app/layout/PageContainer';

/** /rides: placeholder until the rides issue builds the list. */
export function RidesPage() {
  return (
    <PageContainer
      title="Your Rides"
      description="Your synced rides, each with its AI analysis and a comparison to your averages, will appear here."
    />
  );
}
