import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

/**
 * Toast limits from spec sections 4 and 9: one visible at a time, 5000 ms, the F8 hotkey focuses
 * the viewport, a swipe right past 50 px dismisses. Hovering or focusing the viewport pauses the
 * countdown (Chakra's toaster does that itself), and nothing else does: no pause while the page is
 * hidden (`pauseOnPageIdle`), which the spec does not ask for and which left toasts open on a busy
 * machine.
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  hotkey: [TOAST_HOTKEY],
  pauseOnPageIdle: false,
});

/** Whether focus is inside the toast viewport (Chakra pauses the toasts then, until it leaves). */
const focusInViewport = (): boolean =>
  typeof document !== 'undefined' &&
  Boolean(document.activeElement?.closest('[data-scope="toast"][data-part="group"]'));

type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';

export interface ToastContent {
  title?: string;
  description?: string;
  type?: ToastType;
  /** ms; 5000 unless given (Infinity keeps it until dismissed) */
  duration?: number;
}

/**
 * Adds a toast. With one visible at a time the newest message replaces the one on screen at once
 * (the spec's limit of 1 drops the older toast), so a fresh error is never hidden by an older notice.
 *
 * The pause of a hovered toast is kept by the whole toaster, and a toast created while it is paused
 * starts paused. The replaced toast's hover ends with it: the new one starts its own 5000 ms, and
 * pauses again when the pointer moves over it (or stays paused while focus is in the viewport).
 * Otherwise a toast that took the place of a hovered one, with no pointer event to say the pointer
 * has gone, would never close.
 */
const add = (content: ToastContent): string => {
  toaster.remove();
  if (!focusInViewport()) toaster.resume();
  return toaster.create({ type: 'info', ...content, closable: true });
};

const show =
  (type: ToastType) =>
  (title: string, description?: string): string =>
    add({ type, title, description });

/**
 * The toast helper every feature uses: `toast.success('Welcome back!', 'You have been logged in
 * successfully.')`; `add`, `update`, `dismiss` (animated) and `remove` (at once) for the rest.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  add,
  update: (id: string, content: ToastContent): string => toaster.update(id, content),
  dismiss: (id?: string): void => toaster.dismiss(id),
  remove: (id?: string): void => toaster.remove(id),
};

/**
 * A toast that follows a finger (or mouse) dragged to the right and is dismissed when let go past
 * the threshold; short of it, it slides back.
 */
function useSwipeToDismiss(id: string) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: PointerEvent<HTMLElement>) => {
    if (start.current === null) return;
    const distance = event.clientX - start.current;
    start.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) toaster.dismiss(id);
    else setOffset(0);
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0 || (event.target as HTMLElement).closest('button, a')) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
      },
      onPointerUp: end,
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
    },
  };
}

function SwipeableToast({ id, children }: { id: string; children: ReactNode }) {
  const { offset, handlers } = useSwipeToDismiss(id);
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      touchAction="pan-y"
      data-swipe-offset={offset}
      style={
        offset
          ? {
              translate: `calc(var(--x) + ${offset}px) var(--y)`,
              opacity: Math.max(0.3, 1 - offset / 200),
              transition: 'none',
            }
          : undefined
      }
      {...handlers}
    >
      {children}
    </Toast.Root>
  );
}

/** Renders the toasts; mounted once in the app providers. */
export function AppToaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <SwipeableToast id={item.id!}>
            {item.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.action ? <Toast.ActionTrigger>{item.action.label}</Toast.ActionTrigger> : null}
            {item.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
          </SwipeableToast>
        )}
      </ChakraToaster>
    </Portal>
  );
}
