import { z } from 'zod';

/**
 * `https://host[:port]`, the host optionally starting with a `*.` label (CSP's host wildcard, for
 * tile servers that spread tiles over subdomains). No path, query or credentials: CSP would read a
 * path as a limit on the URLs allowed, and MapLibre fetches tiles, glyphs and sprites under many.
 */
const HTTPS_ORIGIN =
  /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * `MAP_TILE_ORIGINS`: the origins the ride map's tile style (the web build's `VITE_MAP_STYLE_URL`)
 * loads its style, tiles, glyphs and sprites from, comma-separated, each an https origin. Empty by
 * default: no map tiles, and the Content-Security-Policy stays as strict as without a map.
 */
export const mapTileOriginsVar = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins = value
      .split(',')
      .map((origin) => origin.trim().toLowerCase().replace(/\/$/, ''))
      .filter(Boolean);
    for (const origin of origins) {
      if (!HTTPS_ORIGIN.test(origin) || Number(origin.split(':')[2] ?? 443) > 65535) {
        ctx.addIssue({
          code: 'custom',
          message: `"${origin}" is not an https origin (https://host or https://host:port, no path)`,
        });
      }
    }
    return [...new Set(origins)];
  });
