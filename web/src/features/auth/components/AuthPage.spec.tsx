import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ValidationMessages } from '@domestique/proto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../app/toaster';
import type { Session } from '../../../app/session/session-context';
import type { SessionUser } from '../../../app/session/session.graphql';
import { fakeSession, renderWithApp } from '../../../test/render';
import { AuthPage } from './AuthPage';
import { testUser } from '../../../test/fixtures';

const user: SessionUser = testUser();

const graphQLError = (message: string, code: string) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

const setup = (session: Partial<Session> = {}, route = '/auth') => {
  const events = userEvent.setup();
  const rendered = renderWithApp(<AuthPage />, { route, session: fakeSession(session), withToaster: true });
  return { events, ...rendered };
};

const submitButton = (name: 'Sign In' | 'Create Account') => screen.getByRole('button', { name });

afterEach(() => {
  act(() => toaster.remove());
});

describe('/auth', () => {
  it('signs in with email and password, toasts and goes to /dashboard', async () => {
    const signIn = jest.fn<Session['signIn']>().mockResolvedValue(user);
    const { events, location } = setup({ signIn });

    await events.type(screen.getByLabelText('Email'), '  rider@example.com ');
    await events.type(screen.getByLabelText('Password'), 'secret1');
    await events.click(submitButton('Sign In'));

    expect(signIn).toHaveBeenCalledWith({ email: 'rider@example.com', password: 'secret1' });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('You have been logged in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/dashboard'));
  });

  it('has a visible label on every input, email type, and a labelled show/hide control', async () => {
    const { events } = setup();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();

    await events.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await events.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    expect(screen.getByRole('link', { name: 'Forgot your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
  });

  it('switching mode clears the fields and the error', async () => {
    const signIn = jest
      .fn<Session['signIn']>()
      .mockRejectedValue(graphQLError('Invalid email or password', 'AUTH_INVALID_CREDENTIALS'));
    const { events } = setup({ signIn });

    await events.type(screen.getByLabelText('Email'), 'rider@example.com');
    await events.type(screen.getByLabelText('Password'), 'wrongpass');
    await events.click(submitButton('Sign In'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await events.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('First Name')).toHaveValue('');
    expect(screen.getByLabelText('Last Name')).toHaveValue('');
    expect(submitButton('Create Account')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot your password' })).not.toBeInTheDocument();

    await events.type(screen.getByLabelText('First Name'), 'Ann');
    await events.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(submitButton('Sign In')).toBeInTheDocument();
  });

  it('opens in create-account mode for ?mode=register and requires the names', async () => {
    const register = jest.fn<Session['register']>().mockResolvedValue(user);
    const { events } = setup({ register }, '/auth?mode=register');

    await events.type(screen.getByLabelText('Email'), 'new@example.com');
    await events.type(screen.getByLabelText('Password'), 'secret12');
    await events.click(submitButton('Create Account'));

    expect(register).not.toHaveBeenCalled();
    expect(screen.getByText(ValidationMessages.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(ValidationMessages.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveFocus();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');

    await events.type(screen.getByLabelText('First Name'), ' Ann ');
    expect(screen.queryByText(ValidationMessages.firstNameRequired)).not.toBeInTheDocument();
    await events.type(screen.getByLabelText('Last Name'), 'Rider');
    await events.click(submitButton('Create Account'));

    expect(register).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'secret12',
      firstName: 'Ann',
      lastName: 'Rider',
    });
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
  });

  it('says the password is too short and does not submit', async () => {
    const signIn = jest.fn<Session['signIn']>().mockResolvedValue(user);
    const { events } = setup({ signIn });

    await events.type(screen.getByLabelText('Email'), 'rider@example.com');
    await events.type(screen.getByLabelText('Password'), '12345');
    await events.click(submitButton('Sign In'));

    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('requires a well-formed email', async () => {
    const signIn = jest.fn<Session['signIn']>().mockResolvedValue(user);
    const { events } = setup({ signIn });

    await events.click(submitButton('Sign In'));
    expect(screen.getByText(ValidationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(ValidationMessages.passwordRequired)).toBeInTheDocument();

    await events.type(screen.getByLabelText('Email'), 'not-an-email');
    await events.type(screen.getByLabelText('Password'), 'secret1');
    await events.click(submitButton('Sign In'));
    expect(screen.getByText(ValidationMessages.emailInvalid)).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the server message, and typing clears it', async () => {
    const register = jest
      .fn<Session['register']>()
      .mockRejectedValue(graphQLError('An account with this email already exists', 'AUTH_EMAIL_TAKEN'));
    const { events } = setup({ register }, '/auth?mode=register');

    await events.type(screen.getByLabelText('First Name'), 'Ann');
    await events.type(screen.getByLabelText('Last Name'), 'Rider');
    await events.type(screen.getByLabelText('Email'), 'taken@example.com');
    await events.type(screen.getByLabelText('Password'), 'secret12');
    await events.click(submitButton('Create Account'));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(submitButton('Create Account')).toBeEnabled();

    await events.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a GraphQL error without a message', graphQLError('', 'INTERNAL'), 'Authentication failed'],
    ['a network failure', new TypeError('Failed to fetch'), 'Network error occurred.'],
    ['anything else', new Error('boom'), 'Something went wrong. Please try again.'],
  ])('on %s says "%s"', async (_case, error, message) => {
    const signIn = jest.fn<Session['signIn']>().mockRejectedValue(error);
    const { events } = setup({ signIn });

    await events.type(screen.getByLabelText('Email'), 'rider@example.com');
    await events.type(screen.getByLabelText('Password'), 'secret1');
    await events.click(submitButton('Sign In'));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('disables submit while the request is pending', async () => {
    let finish: (u: SessionUser) => void = () => undefined;
    const signIn = jest.fn<Session['signIn']>(
      () => new Promise<SessionUser>((resolve) => (finish = resolve)),
    );
    const { events } = setup({ signIn });

    await events.type(screen.getByLabelText('Email'), 'rider@example.com');
    await events.type(screen.getByLabelText('Password'), 'secret1');
    await events.click(submitButton('Sign In'));

    const pending = screen.getByRole('button', { name: /Signing in/ });
    expect(pending).toBeDisabled();
    await events.click(pending);
    expect(signIn).toHaveBeenCalledTimes(1);

    await act(async () => finish(user));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it('works by keyboard alone', async () => {
    const signIn = jest.fn<Session['signIn']>().mockResolvedValue(user);
    const { events, location } = setup({ signIn });

    screen.getByLabelText('Email').focus();
    await events.keyboard('rider@example.com');
    await events.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await events.keyboard('secret1{Enter}');

    expect(signIn).toHaveBeenCalledWith({ email: 'rider@example.com', password: 'secret1' });
    await waitFor(() => expect(location.current?.pathname).toBe('/dashboard'));
  });
});
