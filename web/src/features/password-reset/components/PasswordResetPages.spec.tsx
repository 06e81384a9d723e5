import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const graphQLError = (message: string, code: string) => ({
  data: null,
  errors: [{ message, extensions: { code } }],
});

const renderPage = (page: 'forgot' | 'reset', handlers: Record<string, OperationHandler>, route?: string) => {
  const { client, calls } = fakeApolloClient(handlers);
  const rendered = renderWithApp(page === 'forgot' ? <ForgotPasswordPage /> : <ResetPasswordPage />, {
    route: route ?? (page === 'forgot' ? '/forgot-password' : '/reset-password?token=tok_123'),
    client,
    withToaster: true,
  });
  return { ...rendered, calls, events: userEvent.setup() };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('/forgot-password', () => {
  it('sends the email and shows "Check Your Email" with Back to Sign In', async () => {
    const send = jest.fn<OperationHandler>(() => ({ data: { forgotPassword: true } }));
    const { events } = renderPage('forgot', { ForgotPassword: send });
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();

    await events.type(email, ' rider@example.com ');
    await events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(send).toHaveBeenCalledWith({ input: { email: 'rider@example.com' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('rider@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('checks the email before sending', async () => {
    const send = jest.fn<OperationHandler>(() => ({ data: { forgotPassword: true } }));
    const { events } = renderPage('forgot', { ForgotPassword: send });
    await events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await events.type(screen.getByLabelText('Email'), 'nope');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the server’s message (too many attempts), or "Failed to send reset email."', async () => {
    const { events } = renderPage('forgot', {
      ForgotPassword: () =>
        graphQLError('Too many attempts. Please try again in 60 minutes.', 'TOO_MANY_REQUESTS'),
    });
    await events.type(screen.getByLabelText('Email'), 'rider@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 60 minutes.',
    );
  });

  it('falls back to "Failed to send reset email." without a server message', async () => {
    const { events } = renderPage('forgot', {
      ForgotPassword: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await events.type(screen.getByLabelText('Email'), 'rider@example.com');
    await events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email.');
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  const fill = async (events: ReturnType<typeof userEvent.setup>, password: string, confirm: string) => {
    await events.type(screen.getByLabelText('New Password'), password);
    await events.type(screen.getByLabelText('Confirm Password'), confirm);
    await events.click(screen.getByRole('button', { name: 'Reset Password' }));
  };

  it('without a token in the URL says the link is invalid and offers a new one', async () => {
    renderPage('reset', {}, '/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid reset link. Please request a new password reset.',
    );
    expect(screen.getByRole('link', { name: 'Request a new password reset' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('resets with the token: toast, "Password Reset Complete", Continue to Sign In', async () => {
    const reset = jest.fn<OperationHandler>(() => ({ data: { resetPassword: true } }));
    const { events } = renderPage('reset', { ResetPassword: reset });
    await fill(events, 'new-secret', 'new-secret');
    expect(reset).toHaveBeenCalledWith({ input: { token: 'tok_123', newPassword: 'new-secret' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password Reset Complete' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Password Reset Successful')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('says "Passwords don\'t match" and "Password must be at least 6 characters long" without calling the server', async () => {
    const reset = jest.fn<OperationHandler>(() => ({ data: { resetPassword: true } }));
    const { events } = renderPage('reset', { ResetPassword: reset });
    await fill(events, 'secret1', 'secret2');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();

    await events.clear(screen.getByLabelText('New Password'));
    await events.clear(screen.getByLabelText('Confirm Password'));
    await fill(events, '12345', '12345');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveFocus();
    expect(reset).not.toHaveBeenCalled();
  });

  it.each([
    ['Invalid reset token', 'AUTH_INVALID_RESET_TOKEN'],
    ['This reset link has expired. Please request a new password reset.', 'AUTH_EXPIRED_RESET_TOKEN'],
  ])('shows "%s" from the server with a way to a new link', async (message, code) => {
    const { events } = renderPage('reset', { ResetPassword: () => graphQLError(message, code) });
    await fill(events, 'new-secret', 'new-secret');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request a new password reset' })).toBeInTheDocument();
  });

  it('falls back to "Failed to reset password." and lets the rider try again', async () => {
    let fail = true;
    const { events } = renderPage('reset', {
      ResetPassword: () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { data: { resetPassword: true } };
      },
    });
    await fill(events, 'new-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password.');
    expect(screen.queryByRole('link', { name: 'Request a new password reset' })).not.toBeInTheDocument();
    fail = false;
    await events.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Password Reset Complete' })).toBeInTheDocument(),
    );
  });
});
