import type { ReactNode } from 'react';
import { ProLockedPanel } from '../../../app/components/ProLockedPanel';
import { useSession } from '../../../app/session/session-context';
import { EliteLockedPanel } from './EliteLockedPanel';

export interface LockedTexts {
  /** "Training plans are an Elite feature" */
  title: string;
  /** what the screen holds, in a sentence */
  text: string;
}

/**
 * An Elite screen's gate (issue 23, section 6): Elite riders get `children`; Pro riders the Elite
 * prompt, Free riders the upgrade prompt, and neither asks the server anything (it refuses them too).
 */
export function EliteGate({ locked, children }: { locked: LockedTexts; children: ReactNode }) {
  const { user } = useSession();
  switch (user?.subscriptionTier ?? 'free') {
    case 'elite':
      return <>{children}</>;
    case 'pro':
      return <EliteLockedPanel {...locked} />;
    case 'free':
      return <ProLockedPanel {...locked} />;
  }
}
