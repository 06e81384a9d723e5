import { PageContainer } from '../../../app/layout/PageContainer';

/** /coach: placeholder until the coach chat issue. */
export function CoachPage() {
  return (
    <PageContainer
      title="Coach Chat"
      description="Ask your AI coach about training, pacing, recovery and nutrition here."
    />
  );
}
