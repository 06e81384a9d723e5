import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { NAME_MAX_LENGTH } from '@domestique/proto/messages';
import type { SessionUser } from '../../../app/session/session.graphql';
import { FormActions } from '../../../app/components/FormActions';
import { FormField } from '../../../app/components/FormField';
import { useProfileEdit } from '../hooks/use-profile-edit';

/** Edit mode of the Profile Information card: First Name, Last Name, Save Changes, Cancel. */
export function ProfileNameForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const { firstName, lastName, setFirstName, setLastName, errors, saving, submit } = useProfileEdit(
    user,
    onDone,
  );
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Edit profile">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="First Name" error={errors.firstName}>
            <Input
              name="firstName"
              autoComplete="given-name"
              value={firstName}
              maxLength={NAME_MAX_LENGTH}
              onChange={(event) => setFirstName(event.target.value)}
              disabled={saving}
              autoFocus
            />
          </FormField>
          <FormField label="Last Name" error={errors.lastName}>
            <Input
              name="lastName"
              autoComplete="family-name"
              value={lastName}
              maxLength={NAME_MAX_LENGTH}
              onChange={(event) => setLastName(event.target.value)}
              disabled={saving}
            />
          </FormField>
        </SimpleGrid>
        <FormActions saving={saving} onCancel={onDone} />
      </Stack>
    </form>
  );
}
