import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../app/toaster';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import { AdminLoginPage } from './AdminLoginPage';
import { AdminPage } from './AdminPage';

const adminAuth = (isAdmin: boolean) => () => ({ data: { adminAuth: { __typename: 'AdminAuth', isAdmin } } });

const renderAt = (route: string, handlers: Record<string, OperationHandler>) => {
  const { client, calls } = fakeApolloClient(handlers);
  const page = route.startsWith('/admin-login') ? <AdminLoginPage /> : <AdminPage />;
  const rendered = renderWithApp(page, { route, client, withToaster: true });
  return { ...rendered, client, calls, events: userEvent.setup() };
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('/admin-login', () => {
  it('has Username, Password, Sign In and the authorized-personnel note', async () => {
    renderAt('/admin-login', { AdminAuth: adminAuth(false) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Only authorized personnel may access this area.')).toBeInTheDocument();
  });

  it('asks for both fields: "Missing Information"', async () => {
    const login = jest.fn<OperationHandler>();
    const { events } = renderAt('/admin-login', { AdminAuth: adminAuth(false), AdminLogin: login });
    await events.type(screen.getByLabelText('Username'), 'chief');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please enter both username and password.')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('says "Invalid username or password. Please try again." when refused', async () => {
    const { events, location } = renderAt('/admin-login', {
      AdminAuth: adminAuth(false),
      AdminLogin: () => ({
        data: null,
        errors: [{ message: 'Invalid credentials', extensions: { code: 'AUTH_INVALID_ADMIN_CREDENTIALS' } }],
      }),
    });
    await events.type(screen.getByLabelText('Username'), 'chief');
    await events.type(screen.getByLabelText('Password'), 'wrong');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid username or password. Please try again.')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/admin-login');
  });

  it('passes on the wait when there were too many attempts', async () => {
    const { events } = renderAt('/admin-login', {
      AdminAuth: adminAuth(false),
      AdminLogin: () => ({
        data: null,
        errors: [
          {
            message: 'Too many attempts. Please try again in 15 minutes.',
            extensions: { code: 'TOO_MANY_REQUESTS' },
          },
        ],
      }),
    });
    await events.type(screen.getByLabelText('Username'), 'chief');
    await events.type(screen.getByLabelText('Password'), 'wrong');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts. Please try again in 15 minutes.')).toBeInTheDocument();
  });

  it('signs in with the admin realm: "Login Successful", then /admin', async () => {
    const login = jest.fn<OperationHandler>(() => ({
      data: { adminLogin: { __typename: 'AdminAuth', isAdmin: true } },
    }));
    const { events, location } = renderAt('/admin-login', { AdminAuth: adminAuth(false), AdminLogin: login });
    await events.type(screen.getByLabelText('Username'), ' chief ');
    await events.type(screen.getByLabelText('Password'), 'secret');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(login).toHaveBeenCalledWith({ input: { username: 'chief', password: 'secret' } });
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/admin'));
  });

  it('sends an admin who is already signed in on to /admin', async () => {
    const { location } = renderAt('/admin-login', { AdminAuth: adminAuth(true) });
    await waitFor(() => expect(location.current?.pathname).toBe('/admin'));
  });
});

describe('/admin', () => {
  it('sends anyone without an admin session to /admin-login', async () => {
    const { location, calls } = renderAt('/admin', { AdminAuth: adminAuth(false) });
    await waitFor(() => expect(location.current?.pathname).toBe('/admin-login'));
    expect(calls).toEqual(['AdminAuth']);
  });

  it('also when the check fails', async () => {
    const { location } = renderAt('/admin', {
      AdminAuth: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await waitFor(() => expect(location.current?.pathname).toBe('/admin-login'));
  });

  it('shows the panel to an admin; Logout says "Logging out...", toasts "Logged Out" and leaves', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { events, location, client } = renderAt('/admin', {
      AdminAuth: adminAuth(true),
      AdminLogout: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Logging out/ })).toBeDisabled());
    await act(async () => answer({ data: { adminLogout: true } }));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/admin-login'));
    const cached = client.cache.extract() as { ROOT_QUERY?: Record<string, unknown> };
    expect(cached.ROOT_QUERY?.adminAuth).toEqual({ __typename: 'AdminAuth', isAdmin: false });
  });

  it('stays when logout fails, saying so', async () => {
    const { events, location } = renderAt('/admin', {
      AdminAuth: adminAuth(true),
      AdminLogout: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await events.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to log out. Please try again.')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/admin');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});

describe('the admin realm', () => {
  it('every admin call asks the gateway for the admin session (x-domestique-realm: admin)', async () => {
    const seen: [string, unknown][] = [];
    const link = new ApolloLink(
      (operation) =>
        new Observable<ApolloLink.Result>((observer) => {
          const headers = (operation.getContext() as { headers?: Record<string, string> }).headers;
          seen.push([operation.operationName ?? '', headers?.['x-domestique-realm']]);
          const data =
            operation.operationName === 'AdminAuth'
              ? { adminAuth: { __typename: 'AdminAuth', isAdmin: true } }
              : { adminLogout: true };
          observer.next({ data });
          observer.complete();
        }),
    );
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    const events = userEvent.setup();
    renderWithApp(<AdminPage />, { route: '/admin', client, withToaster: true });
    await events.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByText('Logged Out');
    expect(seen).toEqual([
      ['AdminAuth', 'admin'],
      ['AdminLogout', 'admin'],
    ]);
  });
});
