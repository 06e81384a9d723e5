import helmet from 'helmet';

/**
 * What the ride map (MapLibre GL) needs besides our own origin, once tile origins are configured
 * (`MAP_TILE_ORIGINS`, map-tile-origins.ts): to fetch the style, tiles, glyphs and sprites from them,
 * to draw images it decoded into blobs, and to run its workers, which it starts from blob: URLs.
 * Nothing without tile origins: the route is then drawn without tiles and MapLibre never loads.
 */
export const mapDirectives = (
  mapTileOrigins: readonly string[],
): { connectSrc: string[]; imgSrc: string[]; workers: Record<string, string[]> } =>
  mapTileOrigins.length === 0
    ? { connectSrc: [], imgSrc: [], workers: {} }
    : {
        connectSrc: [...mapTileOrigins],
        imgSrc: ['blob:', ...mapTileOrigins],
        workers: { workerSrc: ["'self'", 'blob:'], childSrc: ["'self'", 'blob:'] },
      };

/**
 * Security headers for every answer. The CSP allows only our own scripts; styles may be inline
 * because Chakra UI (emotion) injects them at run time. `mapTileOrigins` (validated https origins)
 * opens what the ride map's tiles need (mapDirectives).
 */
export const securityHeaders = (production: boolean, mapTileOrigins: readonly string[] = []) => {
  const map = mapDirectives(mapTileOrigins);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', ...map.imgSrc],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...map.connectSrc],
        ...map.workers,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
};
