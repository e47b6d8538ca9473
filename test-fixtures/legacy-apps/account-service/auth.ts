import { PLATFORM } from './config.js';
import { fetchWithTimeout } from './http.js';

/** An access token for the service's API client (client credentials). */
export async function accessToken(): Promise<string> {
  const response = await fetchWithTimeout(PLATFORM.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret', scope: 'svc.token' }),
  });
  if (!response.ok) throw new Error(`token request failed with ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}
