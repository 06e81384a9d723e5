import { Button, HStack } from '@chakra-ui/react';

interface FormActionsProps {
  saving: boolean;
  onCancel: () => void;
}

/** A form's Save Changes ("Saving...") and Cancel buttons: side by side, full width on a phone. */
export function FormActions({ saving, onCancel }: FormActionsProps) {
  return (
    <HStack gap="3" justify={{ base: 'stretch', sm: 'flex-start' }}>
      <Button
        type="submit"
        colorPalette="brand"
        loading={saving}
        loadingText="Saving..."
        flex={{ base: '1', sm: 'initial' }}
      >
        Save Changes
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={saving} flex={{ base: '1', sm: 'initial' }}>
        Cancel
      </Button>
    </HStack>
  );
}
