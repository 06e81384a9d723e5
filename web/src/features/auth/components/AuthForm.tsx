import { Alert, Button, Field, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { AuthField, AuthMode } from '../auth-form';
import { useAuthForm } from '../hooks/use-auth-form';
import { PasswordInput } from './PasswordInput';

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

/** The combined sign-in / create-account form of spec section 2 ("/auth"). */
export function AuthForm({ initialMode = 'signIn' }: { initialMode?: AuthMode }) {
  const { mode, values, fieldErrors, error, pending, switchMode, change, submit } = useAuthForm(initialMode);
  const copy = COPY[mode];

  const textField = (field: AuthField, label: string, type: 'text' | 'email', autoComplete: string) => (
    <Field.Root invalid={Boolean(fieldErrors[field])} required>
      <Field.Label>{label}</Field.Label>
      <Input
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        disabled={pending}
      />
      <Field.ErrorText>{fieldErrors[field]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack gap="6">
      <Stack gap="1" textAlign="center">
        <Heading as="h1" size="2xl" color="asphalt.900" letterSpacing="-0.02em">
          {copy.heading}
        </Heading>
        <Text color="fg.muted">{copy.lead}</Text>
      </Stack>

      <form noValidate onSubmit={(event) => void submit(event)} aria-label={copy.heading}>
        <Stack gap="4">
          {error ? (
            <Alert.Root status="error" role="alert" rounded="md">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}

          {mode === 'register' ? (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {textField('firstName', 'First Name', 'text', 'given-name')}
              {textField('lastName', 'Last Name', 'text', 'family-name')}
            </SimpleGrid>
          ) : null}

          {textField('email', 'Email', 'email', 'email')}

          <Field.Root invalid={Boolean(fieldErrors.password)} required>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              name="password"
              autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
              disabled={pending}
            />
            {mode === 'register' && !fieldErrors.password ? (
              <Field.HelperText>At least 6 characters.</Field.HelperText>
            ) : null}
            <Field.ErrorText>{fieldErrors.password}</Field.ErrorText>
          </Field.Root>

          {mode === 'signIn' ? (
            <Link asChild alignSelf="flex-end" fontSize="sm" color="brand.fg" fontWeight="medium">
              <RouterLink to="/forgot-password">Forgot your password</RouterLink>
            </Link>
          ) : null}

          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            mt="2"
            loading={pending}
            loadingText={copy.pending}
          >
            {copy.submit}
          </Button>
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
          disabled={pending}
        >
          {copy.switchAction}
        </Button>
      </Text>
    </Stack>
  );
}
