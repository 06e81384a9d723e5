import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../app/toaster';
import { errorCodeOf, serverMessageOf } from '../../../app/error-message';
import {
  ADMIN_AUTH_QUERY,
  ADMIN_LOGIN_MUTATION,
  ADMIN_LOGOUT_MUTATION,
  ADMIN_REALM,
} from '../graphql/admin-auth.graphql';

/** Spec sections 5 and 8, in their words. */
export const AdminMessages = {
  missing: ['Missing Information', 'Please enter both username and password.'],
  invalid: 'Invalid username or password. Please try again.',
  loggedIn: ['Login Successful', 'Welcome to the admin panel.'],
  loggedOut: 'Logged Out',
  logoutFailed: 'Failed to log out. Please try again.',
} as const;

/** After logout no screen may take the admin session for granted, not even from the cache. */
const forgetAdmin = (cache: ApolloCache) =>
  cache.writeQuery({
    query: ADMIN_AUTH_QUERY,
    data: { adminAuth: { __typename: 'AdminAuth', isAdmin: false } },
  });

/** Whether this browser holds an admin session (asked of the server every time a screen opens). */
export function useAdminAuth() {
  const { data, loading } = useQuery(ADMIN_AUTH_QUERY, { fetchPolicy: 'network-only', context: ADMIN_REALM });
  return { loading, isAdmin: data?.adminAuth.isAdmin === true };
}

/** The admin sign-in form: both fields required, then /admin. */
export function useAdminLogin() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [login, { loading }] = useMutation(ADMIN_LOGIN_MUTATION, { context: ADMIN_REALM });

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (loading) return;
      if (!username.trim() || !password) {
        toast.error(...AdminMessages.missing);
        return;
      }
      try {
        await login({ variables: { input: { username: username.trim(), password } } });
        toast.success(...AdminMessages.loggedIn);
        void navigate('/admin', { replace: true });
      } catch (caught) {
        // Too many attempts says how long to wait; any other refusal is the spec's sentence.
        const message =
          errorCodeOf(caught) === 'TOO_MANY_REQUESTS'
            ? (serverMessageOf(caught) ?? AdminMessages.invalid)
            : AdminMessages.invalid;
        toast.error('Login Failed', message);
      }
    },
    [loading, login, navigate, password, username],
  );

  return { username, setUsername, password, setPassword, signingIn: loading, submit };
}

/** Logout of the admin panel: toast "Logged Out", then the admin sign-in screen. */
export function useAdminLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [logout] = useMutation(ADMIN_LOGOUT_MUTATION, {
    context: ADMIN_REALM,
    update: forgetAdmin,
  });

  const logOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
      toast.success(AdminMessages.loggedOut);
      void navigate('/admin-login', { replace: true });
    } catch {
      toast.error('Error', AdminMessages.logoutFailed);
      setPending(false);
    }
  }, [logout, navigate]);

  return { loggingOut: pending, logOut };
}
