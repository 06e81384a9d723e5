// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../../app/zod-jitless';
import { useMutation } from '@apollo/client/react';
import { ForgotPasswordRequest } from '@domestique/proto';
import { useState } from 'react';
import { serverMessageOf } from '../../../app/error-message';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import { FORGOT_PASSWORD_MUTATION } from '../graphql/password-reset.graphql';
import { ResetMessages } from '../reset-form';

/** The forgot-password form (spec section 4): form, then sent. */
export function useForgotPassword() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [send] = useMutation(FORGOT_PASSWORD_MUTATION);
  const form = useSpecForm(ForgotPasswordRequest, { email: '' });

  const submit = form.submit(async (input) => {
    try {
      await send({ variables: { input } });
      setSentTo(input.email);
    } catch (caught) {
      form.fail(serverMessageOf(caught) ?? ResetMessages.sendFailed);
    }
  });

  return {
    email: form.values.email,
    setEmail: (value: string) => form.change('email', value),
    fieldError: form.fieldError('email'),
    error: form.formError?.message ?? null,
    sending: form.pending,
    sentTo,
    submit,
  };
}
