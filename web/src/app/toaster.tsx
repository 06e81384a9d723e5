import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Toast limits from spec section 9: one visible at a time, 5000 ms, viewport hotkey F8. */
export const TOAST_DURATION_MS = 5000;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows one toast. With one visible at a time the newest message replaces the one on screen
 * (rather than waiting behind it), so a fresh error is never hidden by an older notice.
 */
const show =
  (type: ToastType) =>
  (title: string, description?: string): string => {
    toaster.dismiss();
    return toaster.create({ type, title, description, closable: true });
  };

/** The toast helper every feature uses: `toast.success('Welcome back!', 'You have been logged in successfully.')`. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};

/** Renders the toasts; mounted once in the app providers. */
export function AppToaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }}>
            {item.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.action ? <Toast.ActionTrigger>{item.action.label}</Toast.ActionTrigger> : null}
            {item.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
