import { useMutation } from '@apollo/client/react';
import { useCallback, useState, type FormEvent } from 'react';
import type { SessionUser } from '../../../app/session/session.graphql';
import { toast } from '../../../app/toaster';
import { UPDATE_PROFILE_MUTATION } from '../graphql/profile.graphql';

/** Spec section 8. */
export const ProfileToasts = {
  updated: ['Profile Updated', 'Your profile has been successfully updated.'],
  failed: ['Error', 'Failed to update profile. Please try again.'],
} as const;

/** The edit form of the Profile Information card: prefilled names, save, and its toasts. */
export function useProfileEdit(user: SessionUser, onDone: () => void) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [save, { loading: saving }] = useMutation(UPDATE_PROFILE_MUTATION);

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (saving) return;
      try {
        await save({ variables: { input: { firstName: firstName.trim(), lastName: lastName.trim() } } });
        toast.success(...ProfileToasts.updated);
        onDone();
      } catch {
        toast.error(...ProfileToasts.failed);
      }
    },
    [save, saving, firstName, lastName, onDone],
  );

  return { firstName, lastName, setFirstName, setLastName, saving, submit };
}
