// /oauth: the authorize page (scopes the athlete may untick, a demo-athlete picker, Authorize/Cancel),
// the token endpoint (authorization_code and refresh_token grants) and deauthorization.
import express, { type Request, type Response, Router } from 'express';
import { bearer, handle, param, sleep } from './http.js';
import type { DemoAthlete } from './athletes.js';
import { findClient, type ClientApplication, type SimulatorContext } from './context.js';
import { authorizationError, badRequest } from './errors.js';
import { summaryAthlete } from './resources.js';
import { isScope, type Scope } from './tokens.js';

const SCOPE_TEXT: Record<Scope, string> = {
  read: 'View data about your public profile, segments, routes and clubs',
  read_all: 'View data about your private routes, segments and events',
  'profile:read_all': 'View your complete profile, including private details such as FTP and weight',
  'profile:write': 'Update your profile and equipment',
  'activity:read': 'View data about your activities visible to everyone and followers',
  'activity:read_all': 'View data about your private activities, including those visible only to you',
  'activity:write': 'Upload activities and edit the activities you own',
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface AuthorizeRequest {
  client: ClientApplication;
  redirectUri: URL;
  scopes: Scope[];
  state: string;
  approvalPrompt: 'auto' | 'force';
  athlete: DemoAthlete | undefined;
}

/** Validates the authorize parameters the way Strava answers bad ones: 400 JSON naming the field. */
const readAuthorize = (context: SimulatorContext, req: Request, requestedField: string): AuthorizeRequest => {
  const client = findClient(context, param(req, 'client_id'));
  if (!client) throw badRequest('Application', 'client_id', 'invalid');
  let redirectUri: URL;
  try {
    redirectUri = new URL(param(req, 'redirect_uri') ?? '');
    if (redirectUri.protocol !== 'http:' && redirectUri.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw badRequest('Application', 'redirect_uri', 'invalid');
  }
  if (param(req, 'response_type') !== 'code') throw badRequest('Application', 'response_type', 'invalid');
  const requested = (param(req, requestedField) ?? 'read').split(/[\s,]+/).filter(Boolean);
  if (!requested.every(isScope)) throw badRequest('Application', 'scope', 'invalid');
  const approval = param(req, 'approval_prompt') ?? 'auto';
  if (approval !== 'auto' && approval !== 'force')
    throw badRequest('Application', 'approval_prompt', 'invalid');
  const hint = param(req, 'athlete');
  const athlete =
    hint === undefined
      ? undefined
      : context.store.athletes.find((a) => String(a.id) === hint || a.username === hint);
  if (hint !== undefined && !athlete) throw badRequest('Athlete', 'athlete', 'invalid');
  return {
    client,
    redirectUri,
    scopes: [...new Set(requested)],
    state: param(req, 'state') ?? '',
    approvalPrompt: approval,
    athlete,
  };
};

const redirectWith = (res: Response, target: URL, values: Record<string, string>) => {
  const url = new URL(target);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  res.redirect(302, url.toString());
};

const page = (context: SimulatorContext, request: AuthorizeRequest): string => {
  const appName = escapeHtml(request.client.name ?? 'Domestique');
  const selected = request.athlete ?? context.store.athletes[0]!;
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const athletes = context.store.athletes
    .map(
      (a) =>
        `<option value="${a.id}"${a.id === selected.id ? ' selected' : ''}>${escapeHtml(`${a.firstname} ${a.lastname}`)} (${escapeHtml(a.city)})</option>`,
    )
    .join('');
  const scopes = request.scopes
    .map(
      (scope) =>
        `<li><label><input type="checkbox" name="scope" value="${scope}" checked> ${escapeHtml(SCOPE_TEXT[scope])} <code>${scope}</code></label></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize ${appName} | Strava</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f7f7fa; color: #242428; margin: 0; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px;
         box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; }
  .brand { color: #fc4c02; font-weight: 700; letter-spacing: .04em; }
  .note { color: #6d6d78; font-size: .85rem; }
  ul { list-style: none; padding: 0; }
  li { margin: .6rem 0; }
  label { cursor: pointer; }
  select { font: inherit; padding: .3rem; margin-left: .4rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 4px; border: 1px solid #fc4c02; cursor: pointer; }
  button[value="authorize"] { background: #fc4c02; color: #fff; }
  button[value="cancel"] { background: #fff; color: #fc4c02; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="brand">STRAVA</p>
  <h1>Authorize ${appName} to connect to Strava</h1>
  <p class="note">Local Strava simulator: pick one of the demo athletes; no real account is involved.</p>
  <form method="post" action="/oauth/authorize">
    ${hidden('client_id', request.client.id)}
    ${hidden('redirect_uri', request.redirectUri.toString())}
    ${hidden('response_type', 'code')}
    ${hidden('approval_prompt', request.approvalPrompt)}
    ${hidden('state', request.state)}
    ${hidden('requested_scope', request.scopes.join(','))}
    <p><label for="athlete">Demo athlete</label><select id="athlete" name="athlete">${athletes}</select></p>
    <fieldset>
      <legend>${appName} would like to:</legend>
      <ul>${scopes}</ul>
    </fieldset>
    <div class="actions">
      <button type="submit" name="decision" value="authorize">Authorize</button>
      <button type="submit" name="decision" value="cancel">Cancel</button>
    </div>
  </form>
</main>
</body>
</html>`;
};

const ticked = (req: Request): string[] => {
  const value = ((req.body ?? {}) as Record<string, unknown>).scope;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is string => typeof item === 'string');
};

export const oauthRouter = (context: SimulatorContext): Router => {
  const router = Router();
  router.use(express.urlencoded({ extended: false }), express.json());
  const delay = () => (context.faults.latencyMs > 0 ? sleep(context.faults.latencyMs) : Promise.resolve());

  router.get(
    '/authorize',
    handle((req, res) => {
      const request = readAuthorize(context, req, 'scope');
      if (request.approvalPrompt === 'auto' && request.athlete) {
        const granted = context.tokens.scopesGranted(request.client.id, request.athlete.id) ?? [];
        if (request.scopes.every((scope) => granted.includes(scope))) {
          const code = context.tokens.issueCode(
            request.client.id,
            request.athlete.id,
            request.scopes,
            context.now(),
          );
          return redirectWith(res, request.redirectUri, {
            state: request.state,
            code,
            scope: request.scopes.join(','),
          });
        }
      }
      res.type('html').send(page(context, request));
    }),
  );

  router.post(
    '/authorize',
    handle((req, res) => {
      const request = readAuthorize(context, req, 'requested_scope');
      if (param(req, 'decision') !== 'authorize')
        return redirectWith(res, request.redirectUri, { state: request.state, error: 'access_denied' });
      const athlete = request.athlete ?? context.store.athletes[0]!;
      const chosen = new Set(ticked(req));
      const granted = request.scopes.filter((scope) => chosen.has(scope));
      const code = context.tokens.issueCode(request.client.id, athlete.id, granted, context.now());
      redirectWith(res, request.redirectUri, { state: request.state, code, scope: granted.join(',') });
    }),
  );

  router.post(
    '/token',
    handle(async (req, res) => {
      context.counters.tokenCalls += 1;
      await delay();
      const client = findClient(context, param(req, 'client_id'));
      if (!client) throw badRequest('Application', 'client_id', 'invalid');
      if (param(req, 'client_secret') !== client.secret)
        throw authorizationError('Application', 'client_secret', 'invalid');
      const code = param(req, 'code');
      const grantType = param(req, 'grant_type') ?? (code ? 'authorization_code' : undefined);
      const now = context.now();
      if (grantType === 'authorization_code') {
        if (!code) throw badRequest('AuthorizationCode', 'code', 'missing');
        const { tokens, athleteId } = context.tokens.exchange(client.id, code, now);
        const athlete = context.store.athlete(athleteId)!;
        res.json({ ...tokens, athlete: summaryAthlete(athlete, context.publicUrl(), now) });
        return;
      }
      if (grantType === 'refresh_token') {
        context.counters.refreshCalls += 1;
        const refreshToken = param(req, 'refresh_token');
        if (!refreshToken) throw badRequest('RefreshToken', 'refresh_token', 'missing');
        res.json(context.tokens.refresh(client.id, refreshToken, now));
        return;
      }
      throw badRequest('Application', 'grant_type', grantType ? 'invalid' : 'missing');
    }),
  );

  router.post(
    '/deauthorize',
    handle(async (req, res) => {
      context.counters.deauthorizeCalls += 1;
      await delay();
      const record = context.tokens.deauthorize(bearer(req), context.now());
      res.json({ access_token: record.token });
      void context.pushToAuthorized(
        record.athleteId,
        () => ({
          object_type: 'athlete',
          object_id: record.athleteId,
          aspect_type: 'update',
          owner_id: record.athleteId,
          updates: { authorized: 'false' },
        }),
        [record.clientId],
      );
    }),
  );

  return router;
};
