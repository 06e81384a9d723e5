/**
 * The two ways billing leaves the app: a full navigation to Stripe's hosted Checkout, and a new tab
 * for the customer portal. One object, so tests can watch them (jsdom cannot navigate).
 */
export const browser = {
  goTo(url: string): void {
    window.location.assign(url);
  },
  /** a blank tab opened at the click, pointed somewhere once its URL is known; null if blocked */
  openTab(): { go: (url: string) => void; close: () => void } | null {
    const tab = window.open('', '_blank');
    if (!tab) return null;
    tab.opener = null;
    return {
      go: (url) => {
        tab.location.href = url;
      },
      close: () => tab.close(),
    };
  },
};
