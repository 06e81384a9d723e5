import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { SiStrava } from 'react-icons/si';
import { startStravaConnect } from '../connect';

/**
 * "Connect": leaves for Strava's authorization page (read and all-activity-read scopes, forced
 * approval, back to /api/strava/callback with a per-rider state; spec section 2).
 */
export function ConnectStravaButton({ children = 'Connect', ...props }: ButtonProps) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      colorPalette="brand"
      loading={leaving}
      loadingText="Opening Strava..."
      onClick={() => {
        setLeaving(true);
        startStravaConnect();
      }}
      {...props}
    >
      <SiStrava aria-hidden />
      {children}
    </Button>
  );
}
