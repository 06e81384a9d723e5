import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { toast } from '../../../app/toaster';
import { errorCodeOf, serverMessageOf } from '../../../app/error-message';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import { RESET_PASSWORD_MUTATION } from '../graphql/password-reset.graphql';
import { DEAD_LINK_CODES, EMPTY_RESET_VALUES, RESET_FORM_SCHEMA, ResetMessages } from '../reset-form';

/** The reset-password form (spec section 4): form, then done. */
export function useResetPassword(token: string) {
  const [done, setDone] = useState(false);
  const [reset] = useMutation(RESET_PASSWORD_MUTATION);
  const form = useSpecForm(RESET_FORM_SCHEMA, EMPTY_RESET_VALUES, {
    toRequest: (values) => ({ token, ...values }),
  });

  const submit = form.submit(async (input) => {
    try {
      await reset({ variables: { input } });
      toast.success('Password Reset Successful', 'You can now sign in with your new password.');
      setDone(true);
    } catch (caught) {
      const code = errorCodeOf(caught);
      const deadLink = code !== undefined && DEAD_LINK_CODES.includes(code);
      form.fail(serverMessageOf(caught) ?? ResetMessages.resetFailed, {
        kind: deadLink ? 'deadLink' : undefined,
      });
    }
  });

  const error = form.formError;
  return {
    newPassword: form.values.newPassword,
    confirmPassword: form.values.confirmPassword,
    setNewPassword: (value: string) => form.change('newPassword', value),
    setConfirmPassword: (value: string) => form.change('confirmPassword', value),
    fieldErrors: {
      newPassword: form.fieldError('newPassword'),
      confirmPassword: form.fieldError('confirmPassword'),
    },
    error: error ? { message: error.message, deadLink: error.kind === 'deadLink' } : null,
    resetting: form.pending,
    done,
    submit,
  };
}
