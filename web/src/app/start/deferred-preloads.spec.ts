import { describe, expect, it } from '@jest/globals';
import { startDeferredPreloads } from './deferred-preloads';

const page = (head: string) =>
  new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, 'text/html');

describe('the preloads a drawn page holds back until it has painted', () => {
  it('go into the head, all at once, and the template goes', () => {
    const doc = page(
      '<template id="deferred-preloads"><link rel="modulepreload" href="/assets/react.js"><link rel="modulepreload" href="/assets/chakra.js"></template>',
    );
    expect(doc.head.querySelectorAll(':scope > link[rel="modulepreload"]')).toHaveLength(0);
    startDeferredPreloads(doc);
    const hrefs = [...doc.head.querySelectorAll(':scope > link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs).toEqual(['/assets/react.js', '/assets/chakra.js']);
    expect(doc.getElementById('deferred-preloads')).toBeNull();
  });

  it('leave a page without any (index.html, preloading in its head) as it is', () => {
    const doc = page('<link rel="modulepreload" href="/assets/react.js">');
    startDeferredPreloads(doc);
    expect(doc.head.querySelectorAll('link')).toHaveLength(1);
  });
});
