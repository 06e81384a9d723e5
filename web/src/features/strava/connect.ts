/** The server route that sends the signed-in rider to Strava's authorization page (with a fresh state). */
export const STRAVA_CONNECT_PATH = '/api/strava/connect';

/** Starts Strava's authorization flow: a full navigation, since the page belongs to Strava. */
export const startStravaConnect = (navigate: (url: string) => void = (url) => window.location.assign(url)) =>
  navigate(STRAVA_CONNECT_PATH);
