// The JSON API (docs/api.md). Every failure becomes an ApiError with the server's code and message.

export class ApiError extends Error {
  constructor(code, message, status) { super(message); this.code = code; this.status = status; }
}

export async function api(method, path, body) {
  const opts = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try { res = await fetch('/api/v1' + path, opts); } catch {
    throw new ApiError('network', 'Cannot reach todo.md. Is the server still running?', 0);
  }
  if (res.status === 204) return null;
  const text = await res.text();
  let data = null;
  if (text) { try { data = JSON.parse(text); } catch { /* not JSON */ } }
  if (!res.ok) {
    const e = data && data.error;
    throw new ApiError((e && e.code) || 'http_' + res.status, (e && e.message) || `${res.status} ${res.statusText}`, res.status);
  }
  return data;
}

export const ref = (id) => encodeURIComponent(id);
export const get = (p) => api('GET', p);
export const post = (p, b = {}) => api('POST', p, b);
export const patch = (p, b) => api('PATCH', p, b);
export const put = (p, b) => api('PUT', p, b);
export const del = (p) => api('DELETE', p);

/** A query string, spaces as %20 (not +) and list values joined by commas. */
export const qs = (params) => {
  const parts = [];
  for (const [k, v] of Object.entries(params)) {
    if (v == null || v === '' || (Array.isArray(v) && !v.length)) continue;
    parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(Array.isArray(v) ? v.join(',') : v));
  }
  return parts.length ? '?' + parts.join('&') : '';
};
