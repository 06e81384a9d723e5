// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../../app/zod-jitless';
import { useMutation } from '@apollo/client/react';
import { UpdateProfileRequest } from '@domestique/proto';
import type { SessionUser } from '../../../app/session/session.graphql';
import { toast } from '../../../app/toaster';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import { UPDATE_PROFILE_MUTATION } from '../graphql/profile.graphql';

/** Spec section 8. */
export const ProfileToasts = {
  updated: ['Profile Updated', 'Your profile has been successfully updated.'],
  failed: ['Error', 'Failed to update profile. Please try again.'],
} as const;

/**
 * The edit form of the Profile Information card: prefilled names, checked with the API's schema
 * (trimmed, at most 100 characters, may be empty), save, and its toasts.
 */
export function useProfileEdit(user: SessionUser, onDone: () => void) {
  const [save] = useMutation(UPDATE_PROFILE_MUTATION);
  const form = useSpecForm(UpdateProfileRequest, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  });

  const submit = form.submit(async (input) => {
    try {
      await save({ variables: { input } });
      toast.success(...ProfileToasts.updated);
      onDone();
    } catch {
      toast.error(...ProfileToasts.failed);
    }
  });

  return {
    firstName: form.values.firstName,
    lastName: form.values.lastName,
    setFirstName: (value: string) => form.change('firstName', value),
    setLastName: (value: string) => form.change('lastName', value),
    errors: { firstName: form.fieldError('firstName'), lastName: form.fieldError('lastName') },
    saving: form.pending,
    submit,
  };
}
