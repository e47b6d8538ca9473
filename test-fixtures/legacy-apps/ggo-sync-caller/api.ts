// Journey API calls. Each verification gets a fresh token: a run never lasts anywhere near its 4 hours.
export interface ApiConfig {
  v1BaseUrl: string;
  tokenUrl: string;
  username: string;
  password: string;
}

export interface GgoEntry {
  _ggo?: Record<string, string>;
  result?: { outcome?: string };
}

export interface StateResponse {
  instanceId: string;
  status: string;
  data?: { context?: { process?: { flow?: Record<string, GgoEntry> } } };
}

export async function login(config: ApiConfig): Promise<string> {
  const form = new URLSearchParams();
  form.append('grant_type', 'password');
  form.append('username', config.username);
  form.append('password', config.password);
  form.append('scope', 'openid');
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const json = (await response.json()) as { access_token?: string };
  if (!json.access_token) throw new Error('login failed');
  return json.access_token;
}

async function post<T>(config: ApiConfig, token: string, path: string, body: object): Promise<T> {
  const response = await fetch(config.v1BaseUrl + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 400) throw new Error(`journey API ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Starts the journey and waits for it: the platform answers with the state once the checks have run. */
export function startAndWait(config: ApiConfig, token: string, resourceId: string, subject: object): Promise<StateResponse> {
  return post(config, token, 'journey/start', { resourceId, context: { subject } });
}

export function getState(config: ApiConfig, token: string, instanceId: string): Promise<StateResponse> {
  return post(config, token, 'journey/state/fetch', { instanceId });
}
