import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';
import { BackToSignIn } from './BackToSignIn';

/** /reset-password?token=...: placeholder until the password reset issue builds the form. */
export function ResetPasswordPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="xl"
        title="Reset Password"
        description="Choose a new password for your account here."
      >
        <BackToSignIn />
      </PageContainer>
    </PublicShell>
  );
}
