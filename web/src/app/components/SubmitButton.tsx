import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The form's main button: disabled and saying what it does while the call is pending. */
export function SubmitButton({
  pending,
  pendingText,
  disabled = false,
  children,
}: {
  pending: boolean;
  pendingText: string;
  /** not usable yet (the page is drawn but its code not yet running) */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      colorPalette="brand"
      size="lg"
      mt="2"
      loading={pending}
      loadingText={pendingText}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}
