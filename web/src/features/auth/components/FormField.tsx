import { Alert, Button, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  /** shown under the input, which is then marked invalid */
  error?: string;
  /** shown under the input while there is no error */
  helper?: string;
  required?: boolean;
  children: ReactNode;
}

/** A labelled input with its helper or error text (the account forms' one field layout). */
export function FormField({ label, error, helper, required = false, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The form-level error above the fields, announced to screen readers. */
export function FormAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert.Root status="error" role="alert" rounded="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The form's main button: disabled and saying what it does while the call is pending. */
export function SubmitButton({
  pending,
  pendingText,
  children,
}: {
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" mt="2" loading={pending} loadingText={pendingText}>
      {children}
    </Button>
  );
}
