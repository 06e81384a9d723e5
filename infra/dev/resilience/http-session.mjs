// A rider's browser, minus the browser: keeps the session cookie, sends the Origin the gateway's
// cross-site check expects, never follows redirects (their Location is the answer). `initialCookie`:
// a session cookie to start with (e.g. a forged one).
export const httpSession = (baseUrl, initialCookie = '') => {
  let cookie = initialCookie;
  /** `raw`: a body sent as it is, with its own content type (malformed input). */
  const call = async (method, path, body, raw) => {
    const contentType = raw?.contentType ?? (body === undefined ? undefined : 'application/json');
    const answer = await fetch(new URL(path, baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        origin: baseUrl,
        ...(cookie ? { cookie } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
        ...raw?.headers,
      },
      body: raw ? raw.body : body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of answer.headers.getSetCookie()) {
      const match = /^(dq_session|dq_admin)=([^;]*)/.exec(set);
      if (match) cookie = match[2] ? `${match[1]}=${match[2]}` : '';
    }
    const text = await answer.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: answer.status, json, text, location: answer.headers.get('location') };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    patch: (path, body) => call('PATCH', path, body),
    delete: (path) => call('DELETE', path),
    /** the session cookie, for tools that make their own requests */
    cookie: () => cookie,
    raw: (method, path, contentType, body, headers) =>
      call(method, path, undefined, { contentType, body, headers }),
  };
};

/** POSTs JSON to a simulator's test controls and answers the JSON (throws on a non-2xx). */
export const simControl =
  (simulatorUrl) =>
  async (path, body, method = 'POST') => {
    const answer = await fetch(`${simulatorUrl}/_sim${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    if (!answer.ok) throw new Error(`simulator ${path}: ${answer.status} ${await answer.text()}`);
    return answer.status === 204 ? undefined : answer.json();
  };
