/** The template a drawn page keeps the app's modulepreloads in (web/vite.config.ts, DEFERRED_PRELOADS_ID). */
const DEFERRED_PRELOADS_ID = 'deferred-preloads';

/**
 * Starts fetching the app's code that a page drawn at build time held back until it had painted
 * (its modulepreload links, kept in a template): all of it at once, in parallel. Nothing on a page
 * that was not drawn ahead (index.html lists them in its head).
 */
export function startDeferredPreloads(doc: Document = document): void {
  const template = doc.getElementById(DEFERRED_PRELOADS_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  doc.head.append(template.content.cloneNode(true));
  template.remove();
}
