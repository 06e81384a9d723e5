import { Button, Link, Stack } from '@chakra-ui/react';
import { MdCheckCircle } from 'react-icons/md';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthHeading, AuthOutcome, AuthShell } from '../../../app/layout/AuthShell';
import { PasswordField } from '../../../app/components/PasswordField';
import { FormAlert } from '../../../app/components/FormAlert';
import { SubmitButton } from '../../../app/components/SubmitButton';
import { useResetPassword } from '../hooks/use-reset-password';
import { ResetMessages } from '../reset-form';
import { BackToSignIn } from './BackToSignIn';

function RequestNewLink() {
  return (
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/forgot-password">Request a new password reset</RouterLink>
    </Link>
  );
}

/** /reset-password?token=...: the new password form, then "Password Reset Complete". */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (!token) {
    return (
      <AuthShell>
        <Stack gap="6">
          <AuthHeading title="Reset Password" />
          <FormAlert message={ResetMessages.missingToken} />
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/forgot-password">Request a new password reset</RouterLink>
          </Button>
          <BackToSignIn />
        </Stack>
      </AuthShell>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const form = useResetPassword(token);

  if (form.done) {
    return (
      <AuthOutcome
        icon={MdCheckCircle}
        iconColor="green.600"
        title="Password Reset Complete"
        lead="Your password has been changed and every device was signed out. Sign in with your new password."
      >
        {/* a full page load: the reset ended every session, also one this tab may still think it has */}
        <Button asChild colorPalette="brand" size="lg" w="full">
          <a href="/auth">Continue to Sign In</a>
        </Button>
      </AuthOutcome>
    );
  }

  return (
    <AuthShell>
      <Stack gap="6">
        <AuthHeading title="Reset Password" lead="Choose a new password for your account." />
        <form noValidate onSubmit={(event) => void form.submit(event)} aria-label="Reset Password">
          <Stack gap="4">
            {form.error ? (
              <FormAlert message={form.error.message}>
                {form.error.deadLink ? <RequestNewLink /> : null}
              </FormAlert>
            ) : null}
            <PasswordField
              label="New Password"
              error={form.fieldErrors.newPassword}
              helper="At least 6 characters."
              name="newPassword"
              autoComplete="new-password"
              value={form.newPassword}
              onValueChange={form.setNewPassword}
              disabled={form.resetting}
              autoFocus
            />
            <PasswordField
              label="Confirm Password"
              error={form.fieldErrors.confirmPassword}
              name="confirmPassword"
              autoComplete="new-password"
              value={form.confirmPassword}
              onValueChange={form.setConfirmPassword}
              disabled={form.resetting}
            />
            <SubmitButton pending={form.resetting} pendingText="Resetting...">
              Reset Password
            </SubmitButton>
          </Stack>
        </form>
        <BackToSignIn />
      </Stack>
    </AuthShell>
  );
}
