import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';
import { BackToSignIn } from './BackToSignIn';

/** /forgot-password: placeholder until the password reset issue builds the email form. */
export function ForgotPasswordPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="xl"
        title="Forgot Password"
        description="Enter your email here to receive a link to reset your password."
      >
        <BackToSignIn />
      </PageContainer>
    </PublicShell>
  );
}
