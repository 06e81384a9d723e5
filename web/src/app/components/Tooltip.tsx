import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

/** Spec section 9: tooltips open after 700 ms; within 300 ms of one closing, the next opens at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * The skip window, shared by every tooltip: it starts when a tooltip closes and lasts 300 ms.
 * While it is open, a tooltip opens without the 700 ms wait (moving along a toolbar shows each
 * label straight away).
 */
const skipWindow = (() => {
  let open = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    open = value;
    listeners.forEach((listener) => listener());
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOpen: () => open,
    start() {
      clearTimeout(timer);
      set(true);
      timer = setTimeout(() => set(false), TOOLTIP_SKIP_DELAY_MS);
    },
  };
})();

interface TooltipProps {
  /** what the tooltip says */
  content: ReactNode;
  /** the trigger: one focusable element (it receives the tooltip's props) */
  children: ReactElement;
  disabled?: boolean;
}

/** The app's one tooltip: spec section 9's delays, shown on hover and on keyboard focus. */
export function Tooltip({ content, children, disabled = false }: TooltipProps) {
  const skipping = useSyncExternalStore(skipWindow.subscribe, skipWindow.isOpen, () => false);
  return (
    <ChakraTooltip.Root
      openDelay={skipping ? 0 : TOOLTIP_OPEN_DELAY_MS}
      closeDelay={0}
      disabled={disabled}
      onOpenChange={({ open }) => {
        if (!open) skipWindow.start();
      }}
    >
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
