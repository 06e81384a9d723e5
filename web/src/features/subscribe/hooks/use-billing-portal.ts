import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toast } from '../../../app/toaster';
import { refusalOf } from '../billing-errors';
import { browser } from '../browser';
import { CREATE_PORTAL_SESSION_MUTATION } from '../graphql/billing.graphql';

export const PORTAL_FAILED = 'Failed to create portal session';

/**
 * Manage Billing (spec section 2): the Stripe customer portal in a new tab. The tab is opened at
 * the click (browsers block tabs opened later) and pointed at the portal once its URL arrives.
 */
export function useBillingPortal() {
  const [create] = useMutation(CREATE_PORTAL_SESSION_MUTATION);
  const [opening, setOpening] = useState(false);

  const open = useCallback(async () => {
    if (opening) return;
    setOpening(true);
    const tab = browser.openTab();
    try {
      const { data } = await create();
      if (!data) throw new Error('No portal session');
      if (tab) tab.go(data.createPortalSession.url);
      else browser.goTo(data.createPortalSession.url);
    } catch (error) {
      tab?.close();
      toast.error('Error', refusalOf(error) ?? PORTAL_FAILED);
    } finally {
      setOpening(false);
    }
  }, [create, opening]);

  return { open, opening };
}
