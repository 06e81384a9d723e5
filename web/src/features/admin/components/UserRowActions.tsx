import { HStack, NativeSelect } from '@chakra-ui/react';
import type { AdminUserDto, Tier } from '@domestique/proto';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import { TIER_BADGE } from '../../../app/layout/user-display';
import { TIER_OPTIONS, userLabel } from '../admin-format';

/** The Actions cell: the tier select and Delete with a confirmation naming the user. */
export function UserRowActions({
  user,
  busy,
  onTier,
  onDelete,
}: {
  user: AdminUserDto;
  busy: boolean;
  onTier: (tier: Tier) => void;
  onDelete: () => Promise<boolean>;
}) {
  const name = userLabel(user);
  return (
    <HStack gap="2" justify="flex-end">
      <NativeSelect.Root size="sm" width="28" disabled={busy}>
        <NativeSelect.Field
          aria-label={`Subscription tier for ${name}`}
          value={user.subscriptionTier}
          onChange={(event) => onTier(event.target.value as Tier)}
        >
          {TIER_OPTIONS.map((tier) => (
            <option key={tier} value={tier}>
              {TIER_BADGE[tier]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <ConfirmDialog
        trigger={{ label: 'Delete', size: 'sm' }}
        title="Delete User"
        body={`Are you sure you want to delete ${name}? This action cannot be undone. It permanently removes the user and all their rides and AI feedback.`}
        cancelLabel="Cancel"
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={onDelete}
      />
    </HStack>
  );
}
