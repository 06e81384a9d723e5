import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: string;
  /** shown under the input, which is then marked invalid */
  error?: string;
  /** shown under the input while there is no error */
  helper?: string;
  required?: boolean;
  children: ReactNode;
}

/**
 * A labelled input with its helper or error text: the one field layout of the account forms and the
 * form dialogs. The input (Input, Textarea, NativeSelect, ...) is the child, so the label names it.
 */
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
