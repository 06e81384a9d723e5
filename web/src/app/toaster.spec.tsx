import { afterEach, describe, expect, it } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { system } from './theme';
import { AppToaster, TOAST_DURATION_MS, toast, toaster } from './toaster';

afterEach(() => {
  act(() => toaster.remove());
});

describe('toaster', () => {
  it('is configured per spec section 9: one at a time, 5000 ms, bottom-end, F8', () => {
    expect(toaster.attrs).toMatchObject({ max: 1, duration: 5000, placement: 'bottom-end', hotkey: ['F8'] });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows a title and description, and a newer toast replaces the one on screen', async () => {
    render(
      <ChakraProvider value={system}>
        <AppToaster />
      </ChakraProvider>,
    );
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
});
