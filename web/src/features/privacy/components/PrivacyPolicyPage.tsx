import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';

/** /privacy-policy: placeholder until the privacy policy issue. */
export function PrivacyPolicyPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="3xl"
        title="Privacy Policy"
        description="How Domestique collects, uses and protects your data, and your rights over it, will appear here."
      />
    </PublicShell>
  );
}
