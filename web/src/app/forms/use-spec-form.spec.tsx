import { describe, expect, it, jest } from '@jest/globals';
import '../zod-jitless';
import { LoginRequest, ValidationMessages } from '@domestique/proto';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSpecForm } from './use-spec-form';

type Send = (request: LoginRequest) => Promise<string | null>;

/** A sign-in form on the hook: `send` answers a server message to show, or null. */
function SignIn({ send }: { send: Send }) {
  const form = useSpecForm(LoginRequest, { email: '', password: '' });
  const submit = form.submit(async (request) => {
    const refused = await send(request);
    if (refused === 'password') form.fail('Wrong password', { field: 'password' });
    else if (refused) form.fail(refused, { kind: 'refused' });
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {form.formError ? (
        <p role="alert" data-kind={form.formError.kind ?? ''}>
          {form.formError.message}
        </p>
      ) : null}
      {(['email', 'password'] as const).map((field) => (
        <p key={field}>
          <input
            aria-label={field}
            name={field}
            value={form.values[field]}
            onChange={(event) => form.change(field, event.target.value)}
            aria-invalid={form.fieldError(field) ? true : undefined}
          />
          {form.fieldError(field) ? <span>{form.fieldError(field)}</span> : null}
        </p>
      ))}
      <button type="submit" disabled={form.pending}>
        Sign In
      </button>
    </form>
  );
}

const setup = (send: Send) => {
  const events = userEvent.setup();
  render(<SignIn send={send} />);
  return { events, submit: () => events.click(screen.getByRole('button', { name: 'Sign In' })) };
};

describe('useSpecForm', () => {
  it("shows the schema's messages, focuses the first invalid input and sends nothing", async () => {
    const send = jest.fn<Send>();
    const { events, submit } = setup(send);
    await events.type(screen.getByLabelText('password'), 'x');
    await submit();
    expect(screen.getByText(ValidationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('email')).toHaveFocus();
    expect(screen.getByLabelText('email')).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it("clears a field's error as the user types in it, and only that one, until the next submit", async () => {
    const { events, submit } = setup(jest.fn<Send>());
    await submit();
    expect(screen.getByText(ValidationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(ValidationMessages.passwordRequired)).toBeInTheDocument();

    await events.type(screen.getByLabelText('email'), 'not-an-email');
    // no check while typing: the error is gone, not replaced by "invalid"
    expect(screen.queryByText(ValidationMessages.emailRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(ValidationMessages.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByText(ValidationMessages.passwordRequired)).toBeInTheDocument();

    await submit();
    expect(screen.getByText(ValidationMessages.emailInvalid)).toBeInTheDocument();
  });

  it('sends the parsed request once while it is pending', async () => {
    let finish: (answer: string | null) => void = () => undefined;
    const send = jest.fn<Send>(() => new Promise((resolve) => (finish = resolve)));
    const { events, submit } = setup(send);
    await events.type(screen.getByLabelText('email'), ' Rider@Example.com ');
    await events.type(screen.getByLabelText('password'), 'secret');
    await submit();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    // a second submit (Enter) while the first is pending does nothing
    await events.type(screen.getByLabelText('password'), '{Enter}');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ email: 'rider@example.com', password: 'secret' });
    await act(async () => finish(null));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("puts the server's answer on a field or in the alert, and typing clears the alert", async () => {
    const send = jest.fn<Send>().mockResolvedValueOnce('password').mockResolvedValueOnce('Too many attempts');
    const { events, submit } = setup(send);
    await events.type(screen.getByLabelText('email'), 'rider@example.com');
    await events.type(screen.getByLabelText('password'), 'secret');
    await submit();
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByLabelText('password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByRole('alert')).toHaveAttribute('data-kind', 'refused');
    await events.type(screen.getByLabelText('email'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
