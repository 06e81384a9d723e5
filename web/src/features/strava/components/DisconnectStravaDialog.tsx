import { ConfirmDialog } from '../../../app/components/ConfirmDialog';

interface DisconnectStravaDialogProps {
  disconnecting: boolean;
  /** resolves true when the disconnect succeeded (the dialog then closes) */
  onConfirm: () => Promise<boolean>;
}

/** Profile's "Disconnect" with its confirmation (spec section 2: "Disconnect from Strava?"). */
export function DisconnectStravaDialog({ disconnecting, onConfirm }: DisconnectStravaDialogProps) {
  return (
    <ConfirmDialog
      trigger={{ label: 'Disconnect', size: 'sm' }}
      title="Disconnect from Strava?"
      body="Syncing of new rides will stop. Your existing ride data will be preserved, and you can reconnect Strava at any time."
      cancelLabel="Cancel"
      confirmLabel="Disconnect Strava"
      busyLabel="Disconnecting..."
      busy={disconnecting}
      onConfirm={onConfirm}
    />
  );
}
