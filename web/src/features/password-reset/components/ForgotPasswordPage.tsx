import { Input, Stack, Text } from '@chakra-ui/react';
import { MdMarkEmailRead } from 'react-icons/md';
import { AuthHeading, AuthOutcome, AuthShell } from '../../../app/layout/AuthShell';
import { FormField } from '../../../app/components/FormField';
import { FormAlert } from '../../../app/components/FormAlert';
import { SubmitButton } from '../../../app/components/SubmitButton';
import { useForgotPassword } from '../hooks/use-forgot-password';
import { BackToSignIn } from './BackToSignIn';

/** /forgot-password: the email form, then "Check Your Email". */
export function ForgotPasswordPage() {
  const { email, setEmail, fieldError, error, sending, sentTo, submit } = useForgotPassword();

  if (sentTo) {
    return (
      <AuthOutcome
        icon={MdMarkEmailRead}
        iconColor="brand.solid"
        title="Check Your Email"
        lead={
          <>
            If an account exists for <strong>{sentTo}</strong>, we&apos;ve sent it a link to reset your
            password. The link expires in 1 hour.
          </>
        }
      >
        <Text fontSize="sm" color="fg.muted">
          No email after a few minutes? Check your spam folder, or try again.
        </Text>
        <BackToSignIn />
      </AuthOutcome>
    );
  }

  return (
    <AuthShell>
      <Stack gap="6">
        <AuthHeading
          title="Forgot Password"
          lead="Enter the email of your account and we'll send you a link to reset your password."
        />
        <form noValidate onSubmit={(event) => void submit(event)} aria-label="Forgot Password">
          <Stack gap="4">
            {error ? <FormAlert message={error} /> : null}
            <FormField label="Email" error={fieldError} required>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={sending}
                autoFocus
              />
            </FormField>
            <SubmitButton pending={sending} pendingText="Sending...">
              Send Reset Link
            </SubmitButton>
          </Stack>
        </form>
        <BackToSignIn />
      </Stack>
    </AuthShell>
  );
}
