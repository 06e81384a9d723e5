import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Button, ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { system } from '../theme';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip } from './Tooltip';

const renderTwo = () =>
  render(
    <ChakraProvider value={system}>
      <Tooltip content="Sort ascending">
        <Button>First</Button>
      </Tooltip>
      <Tooltip content="Clear filters">
        <Button>Second</Button>
      </Tooltip>
    </ChakraProvider>,
  );
const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
const shown = (text: string) =>
  screen.queryByText(text) !== null && screen.getByText(text).closest('[data-state="open"]') !== null;

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('Tooltip', () => {
  it('uses the delays of spec section 9', () => {
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('opens 700 ms after the pointer arrives; within 300 ms of closing the next opens at once', () => {
    renderTwo();
    fireEvent.pointerMove(screen.getByRole('button', { name: 'First' }));
    advance(TOOLTIP_OPEN_DELAY_MS - 10);
    expect(shown('Sort ascending')).toBe(false);
    advance(10);
    expect(shown('Sort ascending')).toBe(true);

    fireEvent.pointerLeave(screen.getByRole('button', { name: 'First' }));
    advance(1);
    advance(1);
    expect(shown('Sort ascending')).toBe(false);
    advance(TOOLTIP_SKIP_DELAY_MS - 50);
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Second' }));
    advance(1);
    advance(1);
    expect(shown('Clear filters')).toBe(true);
  });

  it('waits the full 700 ms again once the skip window has passed', () => {
    renderTwo();
    fireEvent.pointerMove(screen.getByRole('button', { name: 'First' }));
    advance(TOOLTIP_OPEN_DELAY_MS);
    fireEvent.pointerLeave(screen.getByRole('button', { name: 'First' }));
    advance(TOOLTIP_SKIP_DELAY_MS + 10);
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Second' }));
    advance(TOOLTIP_OPEN_DELAY_MS - 10);
    expect(shown('Clear filters')).toBe(false);
    advance(10);
    expect(shown('Clear filters')).toBe(true);
  });
});
