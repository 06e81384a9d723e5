import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { system } from './theme';
import {
  AppToaster,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  toast,
  toaster,
} from './toaster';

const mount = () =>
  render(
    <ChakraProvider value={system}>
      <AppToaster />
    </ChakraProvider>,
  );
const toastElement = (title: string) =>
  screen.getByText(title).closest<HTMLElement>('[data-scope="toast"][data-part="root"]')!;
const swipe = (element: HTMLElement, distance: number) => {
  fireEvent.pointerDown(element, { button: 0, clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance / 2, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
};

afterEach(() => {
  act(() => toaster.remove());
  jest.useRealTimers();
});

describe('toaster', () => {
  it('is configured per spec section 9: one at a time, 5000 ms, bottom-end, F8, 50 px swipe', () => {
    expect(toaster.attrs).toMatchObject({ max: 1, duration: 5000, placement: 'bottom-end', hotkey: ['F8'] });
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_HOTKEY).toBe('F8');
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('shows a title and description, and a newer toast replaces the one on screen', async () => {
    mount();
    act(() => {
      toast.success('Welcome back!', 'You have been logged in successfully.');
    });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('You have been logged in successfully.')).toBeInTheDocument();

    act(() => {
      toast.error('Sync Failed', 'Failed to sync rides from Strava');
    });
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument());
    expect(toaster.getCount()).toBe(1);
  });

  it('adds, updates, dismisses and removes', async () => {
    mount();
    let id = '';
    act(() => {
      id = toast.add({ title: 'Syncing...', type: 'loading', duration: Infinity });
    });
    expect(await screen.findByText('Syncing...')).toBeInTheDocument();
    act(() => {
      toast.update(id, { title: 'Sync Complete', type: 'success', duration: TOAST_DURATION_MS });
    });
    expect(await screen.findByText('Sync Complete')).toBeInTheDocument();
    expect(screen.queryByText('Syncing...')).not.toBeInTheDocument();
    act(() => toast.dismiss(id));
    await waitFor(() => expect(screen.queryByText('Sync Complete')).not.toBeInTheDocument());

    act(() => {
      id = toast.info('Coming Soon', 'Elite plan will be available soon. Stay tuned!');
    });
    expect(await screen.findByText('Coming Soon')).toBeInTheDocument();
    act(() => toast.remove(id));
    await waitFor(() => expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument());
    expect(toaster.getCount()).toBe(0);
  });

  it('closes after 5000 ms, not before', async () => {
    jest.useFakeTimers();
    mount();
    act(() => {
      toast.success('Sync Complete');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS - 100);
    });
    expect(toastElement('Sync Complete')).toHaveAttribute('data-state', 'open');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Sync Complete')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over the viewport or focus is in it', async () => {
    jest.useFakeTimers();
    mount();
    act(() => {
      toast.success('Profile Updated', 'Your profile has been successfully updated.');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    const element = toastElement('Profile Updated');
    const viewport = element.closest<HTMLElement>('[data-part="group"]')!;
    fireEvent.mouseMove(viewport);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS * 2);
    });
    expect(toastElement('Profile Updated')).toHaveAttribute('data-paused');
    expect(toastElement('Profile Updated')).toHaveAttribute('data-state', 'open');
    fireEvent.mouseLeave(viewport);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS + 1000);
    });
    expect(screen.queryByText('Profile Updated')).not.toBeInTheDocument();

    act(() => {
      toast.success('Goal Created');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).focus());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS * 2);
    });
    expect(toastElement('Goal Created')).toHaveAttribute('data-state', 'open');
  });

  it('gives a toast that replaces a hovered one its own 5000 ms, and pauses it once hovered', async () => {
    jest.useFakeTimers();
    mount();
    act(() => {
      toast.success('Promo code copied!');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    const viewport = toastElement('Promo code copied!').closest<HTMLElement>('[data-part="group"]')!;
    fireEvent.mouseMove(viewport);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(toastElement('Promo code copied!')).toHaveAttribute('data-paused');

    // replaced while hovered, and no pointer event follows
    act(() => {
      toast.error('Copy failed', 'Please manually copy the code.');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(toastElement('Copy failed')).not.toHaveAttribute('data-paused');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS + 1000);
    });
    expect(screen.queryByText('Copy failed')).not.toBeInTheDocument();

    // a replacement the pointer moves over is paused again
    act(() => {
      toast.success('Promo code copied!');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    fireEvent.mouseMove(toastElement('Promo code copied!').closest<HTMLElement>('[data-part="group"]')!);
    act(() => {
      toast.success('Sync Complete');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    fireEvent.mouseMove(toastElement('Sync Complete').closest<HTMLElement>('[data-part="group"]')!);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS * 2);
    });
    expect(toastElement('Sync Complete')).toHaveAttribute('data-state', 'open');
    expect(toastElement('Sync Complete')).toHaveAttribute('data-paused');
  });

  it('keeps a replacement paused while focus is in the viewport', async () => {
    jest.useFakeTimers();
    mount();
    act(() => {
      toast.success('Goal Created');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    act(() => toastElement('Goal Created').closest<HTMLElement>('[data-part="group"]')!.focus());
    act(() => {
      toast.success('Profile Updated');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS * 2);
    });
    expect(toastElement('Profile Updated')).toHaveAttribute('data-state', 'open');
  });

  it('does not pause while the page is hidden (only hover and focus pause, spec section 9)', () => {
    expect(toaster.attrs.pauseOnPageIdle).toBe(false);
  });

  it('dismisses on a swipe right past 50 px, and slides back short of it', async () => {
    mount();
    act(() => {
      toast.success('Strava Disconnected');
    });
    const element = toastElement(
      await screen.findByText('Strava Disconnected').then((el) => el.textContent!),
    );
    swipe(element, TOAST_SWIPE_THRESHOLD_PX);
    expect(element).toHaveAttribute('data-swipe-offset', '0');
    expect(element).toHaveAttribute('data-state', 'open');
    swipe(element, -120);
    expect(element).toHaveAttribute('data-state', 'open');
    swipe(element, TOAST_SWIPE_THRESHOLD_PX + 1);
    await waitFor(() => expect(screen.queryByText('Strava Disconnected')).not.toBeInTheDocument());
  });

  it('moves focus to the toast viewport on F8', async () => {
    mount();
    act(() => {
      toast.error('Sync Failed', 'Failed to sync rides from Strava');
    });
    await screen.findByText('Sync Failed');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    await waitFor(() =>
      expect(document.activeElement).toBe(toastElement('Sync Failed').closest('[data-part="group"]')),
    );
  });
});
