/**
 * The map tile style the ride page draws routes on: a MapLibre style URL, set at build time with
 * `VITE_MAP_STYLE_URL` (e.g. `https://tiles.openfreemap.org/styles/liberty`). Unset, routes are drawn
 * as a plain line without tiles (as in tests); MapLibre is then never loaded.
 */
export const mapStyleUrl = (): string | null => {
  // `env` is absent outside Vite (the unit tests run the modules as plain ESM)
  const env = import.meta.env as ImportMetaEnv | undefined;
  const url = (env?.VITE_MAP_STYLE_URL as string | undefined)?.trim();
  return url ? url : null;
};
