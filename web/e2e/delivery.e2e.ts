import { expect, test } from '@playwright/test';

/**
 * Issue 10: the built web app reaches the browser compressed. The build writes brotli and gzip
 * copies of its files; the gateway sends the one the browser accepts, and the file as it is to one
 * that accepts neither.
 */
test('the first screen arrives brotli-compressed, and as it is to a client without br or gzip', async ({
  page,
  request,
}) => {
  const encodings: Record<string, string | undefined> = {};
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/' || url.pathname.startsWith('/assets/'))
      encodings[url.pathname] = response.headers()['content-encoding'];
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const scripts = Object.keys(encodings).filter((path) => path.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(3);
  // Chromium offers gzip, deflate, br and zstd; every script and the page itself come as brotli
  expect(encodings).toEqual(Object.fromEntries(Object.keys(encodings).map((path) => [path, 'br'])));

  for (const path of ['/', scripts[0]!]) {
    const compressed = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(compressed.headers()['content-encoding']).toBe('gzip');
    expect(compressed.headers().vary).toMatch(/accept-encoding/i);
    const plain = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    // the request client decompresses: both bodies are the same file
    expect(await compressed.text()).toBe(await plain.text());
  }
});
