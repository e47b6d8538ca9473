// Request layer of the vendor's command-line client: one token per session, JSON bodies as the CLI builds them.
export interface Profile {
  v1BaseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export class GoApiError extends Error {
  constructor(
    readonly command: string,
    readonly httpStatus: number,
    readonly detail: string,
  ) {
    super(`${command}: HTTP ${httpStatus} ${detail}`);
  }
}

export class GoClient {
  #token: string | undefined;

  constructor(readonly profile: Profile) {}

  async #login(): Promise<string> {
    const response = await fetch(this.profile.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: this.profile.clientId,
        client_secret: this.profile.clientSecret,
        username: this.profile.username,
        password: this.profile.password,
        scope: 'openid',
      }),
    });
    if (!response.ok) throw new GoApiError('login', response.status, await response.text());
    const { access_token } = (await response.json()) as { access_token: string };
    return access_token;
  }

  async request<T>(command: string, path: string, body: Record<string, unknown>): Promise<T> {
    this.#token ??= await this.#login();
    const response = await fetch(new URL(path, this.profile.v1BaseUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.#token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new GoApiError(command, response.status, text);
    return JSON.parse(text) as T;
  }
}
