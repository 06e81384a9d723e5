/**
 * What a rider does on the simulator's authorize page, for tests: ticks the given scopes (all those
 * asked for by default), presses Authorize or Cancel as athlete `athleteId`. Answers the path and
 * query Strava redirects the browser back to (the app's callback).
 */
export const decideAtStrava = async (
  authorize: URL,
  athleteId: number,
  options: { scopes?: string[]; decision?: 'authorize' | 'cancel' } = {},
): Promise<string> => {
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    response_type: 'code',
    approval_prompt: authorize.searchParams.get('approval_prompt') ?? '',
    state: authorize.searchParams.get('state') ?? '',
    requested_scope: authorize.searchParams.get('scope') ?? '',
    athlete: String(athleteId),
    decision: options.decision ?? 'authorize',
  });
  for (const scope of options.scopes ?? (authorize.searchParams.get('scope') ?? '').split(','))
    form.append('scope', scope);
  const decided = await fetch(`${authorize.origin}/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = decided.headers.get('location');
  if (!location) throw new Error(`the authorize page answered ${decided.status} without a redirect`);
  const back = new URL(location);
  return `${back.pathname}${back.search}`;
};
