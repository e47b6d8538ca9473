/** Hop-by-hop headers (RFC 9110 §7.6.1) and ones the HTTP stack recomputes: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

function forwardable(headers: Headers): Headers {
  const out = new Headers();
  // Append, not set: iteration yields each Set-Cookie on its own, and each must stay.
  for (const [name, value] of headers) if (!HOP_BY_HOP.has(name)) out.append(name, value);
  return out;
}

/**
 * Passes a request to `target` unchanged but for hop-by-hop headers (the caller's `Authorization` and
 * `X-Request-ID` included), and the answer back the same way. Bodies stream both ways.
 */
export async function passThrough(request: Request, target: URL, fetch: typeof globalThis.fetch): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  const upstream = await fetch(target, {
    method: request.method,
    headers: forwardable(request.headers),
    ...(hasBody && { body: request.body, duplex: 'half' }),
    redirect: 'manual',
    signal: request.signal,
  } as RequestInit);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: forwardable(upstream.headers) });
}
