import { useMutation } from '@apollo/client/react';
import { useCallback, useState, type FormEvent } from 'react';
import { emailError } from '../../auth/auth-form';
import { serverMessageOf } from '../../../app/error-message';
import { FORGOT_PASSWORD_MUTATION } from '../graphql/password-reset.graphql';
import { ResetMessages } from '../reset-form';

/** The forgot-password form (spec section 4): form, then sent. */
export function useForgotPassword() {
  const [email, setEmailValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [send, { loading }] = useMutation(FORGOT_PASSWORD_MUTATION);

  const setEmail = useCallback((value: string) => {
    setEmailValue(value);
    setFieldError(undefined);
    setError(null);
  }, []);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (loading) return;
      const invalid = emailError(email);
      setFieldError(invalid);
      setError(null);
      if (invalid) return;
      try {
        await send({ variables: { input: { email: email.trim() } } });
        setSentTo(email.trim());
      } catch (caught) {
        setError(serverMessageOf(caught) ?? ResetMessages.sendFailed);
      }
    },
    [email, loading, send],
  );

  return { email, setEmail, fieldError, error, sending: loading, sentTo, submit };
}
