import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/session-context';
import { toast } from '../../../app/toaster';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import {
  EMPTY_AUTH_VALUES,
  authRequest,
  loadAuthChecks,
  loadAuthErrorMessage,
  loadAuthSchema,
  type AuthField,
  type AuthMode,
} from '../auth-form';

/** Spec section 8, success toasts. */
const SUCCESS_TOAST: Record<AuthMode, [title: string, description: string]> = {
  signIn: ['Welcome back!', 'You have been logged in successfully.'],
  register: ['Welcome!', 'Your account has been created successfully.'],
};

/**
 * The state of the sign-in / create-account form (spec section 4): switching mode clears the form
 * and the error, typing clears the error, submit is disabled while pending.
 */
export function useAuthForm(initialMode: AuthMode) {
  const { signIn, register } = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const form = useSpecForm(() => loadAuthSchema(mode), EMPTY_AUTH_VALUES, {
    toRequest: (values) => authRequest(mode, values),
  });
  const { reset, fail } = form;

  const switchMode = useCallback(() => {
    setMode((current) => (current === 'signIn' ? 'register' : 'signIn'));
    reset();
  }, [reset]);

  /** Starts loading the form's checks ahead of its first submit; one that fails is tried again then. */
  const prepare = useCallback(() => {
    void loadAuthChecks().catch(() => undefined);
  }, []);

  const change = form.change as (field: AuthField, value: string) => void;

  const submit = form.submit(async (request) => {
    try {
      if ('firstName' in request) await register(request);
      else await signIn(request);
      toast.success(...SUCCESS_TOAST[mode]);
      void navigate('/dashboard', { replace: true });
    } catch (caught) {
      fail(await loadAuthErrorMessage(caught));
    }
  });

  const fieldErrors: Partial<Record<AuthField, string>> = {
    firstName: form.fieldError('firstName'),
    lastName: form.fieldError('lastName'),
    email: form.fieldError('email'),
    password: form.fieldError('password'),
  };

  return {
    mode,
    values: form.values,
    fieldErrors,
    error: form.formError?.message ?? null,
    pending: form.pending,
    switchMode,
    change,
    submit,
    prepare,
  };
}
