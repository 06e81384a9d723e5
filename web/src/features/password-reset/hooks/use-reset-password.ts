import { useMutation } from '@apollo/client/react';
import { useCallback, useState, type FormEvent } from 'react';
import { toast } from '../../../app/toaster';
import { errorCodeOf, serverMessageOf } from '../../../app/error-message';
import { RESET_PASSWORD_MUTATION } from '../graphql/password-reset.graphql';
import { DEAD_LINK_CODES, ResetMessages, validateReset, type ResetFieldErrors } from '../reset-form';

/** The reset-password form (spec section 4): form, then done. */
export function useResetPassword(token: string) {
  const [newPassword, setNewPasswordValue] = useState('');
  const [confirmPassword, setConfirmPasswordValue] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ResetFieldErrors>({});
  const [error, setError] = useState<{ message: string; deadLink: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [reset, { loading }] = useMutation(RESET_PASSWORD_MUTATION);

  const edit = useCallback((field: keyof ResetFieldErrors, set: (value: string) => void) => {
    return (value: string) => {
      set(value);
      setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      setError(null);
    };
  }, []);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (loading) return;
      const errors = validateReset(newPassword, confirmPassword);
      setFieldErrors(errors);
      setError(null);
      const firstInvalid = errors.newPassword
        ? 'newPassword'
        : errors.confirmPassword
          ? 'confirmPassword'
          : null;
      if (firstInvalid) {
        const input = event.currentTarget.elements.namedItem(firstInvalid);
        if (input instanceof HTMLElement) input.focus();
        return;
      }
      try {
        await reset({ variables: { input: { token, newPassword } } });
        toast.success('Password Reset Successful', 'You can now sign in with your new password.');
        setDone(true);
      } catch (caught) {
        const code = errorCodeOf(caught);
        setError({
          message: serverMessageOf(caught) ?? ResetMessages.resetFailed,
          deadLink: code !== undefined && DEAD_LINK_CODES.includes(code),
        });
      }
    },
    [confirmPassword, loading, newPassword, reset, token],
  );

  return {
    newPassword,
    confirmPassword,
    setNewPassword: edit('newPassword', setNewPasswordValue),
    setConfirmPassword: edit('confirmPassword', setConfirmPasswordValue),
    fieldErrors,
    error,
    resetting: loading,
    done,
    submit,
  };
}
