// Access tokens for the journey API. Tokens usually last 4 hours; we refresh a minute early.
export interface Credentials {
  tokenUrl: string;
  username: string;
  password: string;
}

let cached: { token: string; expiresAt: number } | undefined;

export async function getAccessToken(credentials: Credentials): Promise<string> {
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
  const response = await fetch(credentials.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: credentials.username,
      password: credentials.password,
      scope: 'openid',
    }).toString(),
  });
  if (!response.ok) throw new Error(`token request failed with ${response.status}`);
  const body = (await response.json()) as { access_token: string; expires_in: number };
  cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  return body.access_token;
}

/** Forget the cached token (the platform answered 401). */
export function clearAccessToken(): void {
  cached = undefined;
}
