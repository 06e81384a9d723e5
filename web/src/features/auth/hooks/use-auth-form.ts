import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/session-context';
import { toast } from '../../../app/toaster';
import {
  EMPTY_AUTH_VALUES,
  FIELD_ORDER,
  authErrorMessage,
  validateAuthForm,
  type AuthField,
  type AuthMode,
  type AuthValues,
  type FieldErrors,
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
  const [values, setValues] = useState<AuthValues>(EMPTY_AUTH_VALUES);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const switchMode = useCallback(() => {
    setMode((current) => (current === 'signIn' ? 'register' : 'signIn'));
    setValues(EMPTY_AUTH_VALUES);
    setFieldErrors({});
    setError(null);
  }, []);

  const change = useCallback((field: AuthField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    setError(null);
  }, []);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      const errors = validateAuthForm(mode, values);
      setFieldErrors(errors);
      setError(null);
      const firstInvalid = FIELD_ORDER[mode].find((field) => errors[field]);
      if (firstInvalid) {
        const input = event.currentTarget.elements.namedItem(firstInvalid);
        if (input instanceof HTMLElement) input.focus();
        return;
      }
      setPending(true);
      try {
        const email = values.email.trim();
        if (mode === 'register') {
          await register({
            email,
            password: values.password,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
          });
        } else {
          await signIn({ email, password: values.password });
        }
        toast.success(...SUCCESS_TOAST[mode]);
        void navigate('/dashboard', { replace: true });
      } catch (caught) {
        setError(authErrorMessage(caught));
        setPending(false);
      }
    },
    [mode, values, pending, register, signIn, navigate],
  );

  return { mode, values, fieldErrors, error, pending, switchMode, change, submit };
}
