import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session-context';

/** The actions the user menu and the drawer share. */
/** Where the menu's and the drawer's Upgrade to Pro lead (spec section 2). */
export const UPGRADE_PATH = '/subscribe';

export function useNavActions() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  const startSignOut = useCallback(() => {
    if (signingOut) return;
    setSigningOut(true);
    void signOut();
  }, [signOut, signingOut]);

  const upgrade = useCallback(() => {
    void navigate(UPGRADE_PATH);
  }, [navigate]);

  /** The bar's Upgrade to Pro button opens the upgrade modal: the plan chooser. */
  const openUpgradeModal = useCallback(() => setUpgradeOpen(true), []);

  return { signingOut, signOut: startSignOut, upgrade, openUpgradeModal, upgradeOpen, setUpgradeOpen };
}
