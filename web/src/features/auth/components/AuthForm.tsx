import { Button, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useHydrated } from '../../../app/hydration';
import { AUTH_FIELDS, type AuthField, type AuthMode } from '../auth-form';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthHeading } from '../../../app/layout/AuthShell';
import { FormField } from '../../../app/components/FormField';
import { PasswordField } from '../../../app/components/PasswordField';
import { FormAlert } from '../../../app/components/FormAlert';
import { SubmitButton } from '../../../app/components/SubmitButton';

const COPY: Record<
  AuthMode,
  {
    heading: string;
    lead: string;
    submit: string;
    pending: string;
    switchPrompt: string;
    switchAction: string;
  }
> = {
  signIn: {
    heading: 'Welcome back',
    lead: 'Sign in to see your rides and your coach’s feedback.',
    submit: 'Sign In',
    pending: 'Signing in...',
    switchPrompt: 'New to Domestique?',
    switchAction: 'Create an account',
  },
  register: {
    heading: 'Create your account',
    lead: 'Start getting AI feedback on every ride. Free to begin.',
    submit: 'Create Account',
    pending: 'Creating account...',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in instead',
  },
};

/*
 * The form re-renders as soon as React has taken it over (react-hook-form marks itself ready, the
 * buttons come alive), in the same task: its parts are memoised, so only what changed draws again.
 */
const Heading = memo(AuthHeading);
const Password = memo(PasswordField);

const TextField = memo(function TextField({
  field,
  label,
  type,
  autoComplete,
  value,
  error,
  disabled,
  onChange,
}: {
  field: AuthField;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (field: AuthField, value: string) => void;
}) {
  return (
    <FormField label={label} error={error} required>
      <Input
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(field, event.target.value)}
        disabled={disabled}
      />
    </FormField>
  );
});

const ForgotPasswordLink = memo(function ForgotPasswordLink() {
  return (
    <Link asChild alignSelf="flex-end" fontSize="sm" color="brand.fg" fontWeight="medium">
      <RouterLink to="/forgot-password">Forgot your password</RouterLink>
    </Link>
  );
});

/** The combined sign-in / create-account form of spec section 2 ("/auth"). */
export function AuthForm({ initialMode = 'signIn' }: { initialMode?: AuthMode }) {
  const { mode, values, fieldErrors, error, pending, switchMode, change, submit, prepare } =
    useAuthForm(initialMode);
  const copy = COPY[mode];
  // Drawn ahead of time (/auth is prerendered), the form shows before its code runs: its buttons
  // wait for it. What was typed meanwhile stays on screen as React takes the form over; it is read
  // into the form's state then, before React would clear the fields to match that state.
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const inputs = form.current?.elements;
    if (!inputs) return;
    for (const field of AUTH_FIELDS) {
      const input = inputs.namedItem(field);
      if (input instanceof HTMLInputElement && input.value !== '') change(field, input.value);
    }
  }, [change]);

  const changePassword = useCallback((value: string) => change('password', value), [change]);

  const textField = (field: AuthField, label: string, type: 'text' | 'email', autoComplete: string) => (
    <TextField
      field={field}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[field]}
      error={fieldErrors[field]}
      disabled={pending}
      onChange={change}
    />
  );

  return (
    <Stack gap="6">
      <Heading title={copy.heading} lead={copy.lead} />

      {/* a visitor who focuses or taps the form is about to submit it: its checks load then */}
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={prepare}
        onPointerDown={prepare}
        aria-label={copy.heading}
      >
        <Stack gap="4">
          {error ? <FormAlert message={error} /> : null}

          {mode === 'register' ? (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {textField('firstName', 'First Name', 'text', 'given-name')}
              {textField('lastName', 'Last Name', 'text', 'family-name')}
            </SimpleGrid>
          ) : null}

          {textField('email', 'Email', 'email', 'email')}

          <Password
            label="Password"
            error={fieldErrors.password}
            helper={mode === 'register' ? 'At least 6 characters.' : undefined}
            name="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            value={values.password}
            onValueChange={changePassword}
            disabled={pending}
          />

          {mode === 'signIn' ? <ForgotPasswordLink /> : null}

          <SubmitButton pending={pending} pendingText={copy.pending} disabled={!hydrated}>
            {copy.submit}
          </SubmitButton>
        </Stack>
      </form>

      <Text textAlign="center" color="fg.muted">
        {copy.switchPrompt}{' '}
        <Button
          variant="plain"
          color="brand.fg"
          fontWeight="semibold"
          p="0"
          h="auto"
          onClick={switchMode}
          disabled={pending || !hydrated}
        >
          {copy.switchAction}
        </Button>
      </Text>
    </Stack>
  );
}
