import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithApp } from '../../../test/render';
import { ChatInput } from './ChatInput';

/** The input as the coach page wires it: the draft kept outside, emptied once a message is sent. */
function Harness({ onSend }: { onSend: (message: string) => Promise<void> }) {
  const [draft, setDraft] = useState('');
  return (
    <ChatInput
      draft={draft}
      onDraftChange={setDraft}
      sending={false}
      onSend={async (message) => {
        await onSend(message);
        setDraft('');
      }}
    />
  );
}

describe('ChatInput', () => {
  it('sends the message the request schema accepts (trimmed), then empties with the draft', async () => {
    const onSend = jest.fn((_message: string) => Promise.resolve());
    renderWithApp(<Harness onSend={onSend} />, { withToaster: true });
    const input = screen.getByRole('textbox', { name: 'Message your coach' });
    await userEvent.type(input, '  Is my cadence too low?  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Is my cadence too low?');
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('sends nothing, and says nothing, for a message of spaces', async () => {
    const onSend = jest.fn((_message: string) => Promise.resolve());
    renderWithApp(<Harness onSend={onSend} />, { withToaster: true });
    const input = screen.getByRole('textbox', { name: 'Message your coach' });
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(input).toHaveValue('   ');
  });
});
