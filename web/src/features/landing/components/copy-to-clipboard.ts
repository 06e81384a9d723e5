/** How long the copy button shows its checkmark (spec section 9). */
export const COPIED_INDICATOR_MS = 2000;

export const CopyToasts = {
  copied: 'Promo code copied!',
  failed: 'Copy failed',
  failedDescription: 'Please manually copy the code.',
} as const;

/** Writes text to the clipboard; rejects where the browser refuses (no permission, insecure page). */
export async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
