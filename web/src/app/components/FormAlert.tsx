import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
