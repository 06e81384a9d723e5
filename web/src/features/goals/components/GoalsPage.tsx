import { PageContainer } from '../../../app/layout/PageContainer';

/** /goals: placeholder until the goals issue. */
export function GoalsPage() {
  return (
    <PageContainer
      title="Your Goals"
      description="Set distance, time, elevation and speed goals and follow your progress here."
    />
  );
}
