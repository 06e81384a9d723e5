import { PageContainer } from '../../../app/layout/PageContainer';

/** /subscribe: placeholder until the billing issue. */
export function SubscribePage() {
  return (
    <PageContainer
      title="Choose Your Plan"
      description="Compare the Free, Pro and Elite plans and upgrade here."
    />
  );
}
