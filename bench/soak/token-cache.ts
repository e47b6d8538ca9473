/** A token as the token endpoint issued it. */
interface Issued {
  readonly token: string;
  /** `Date.now()` past which the app no longer uses it. */
  readonly usableUntil: number;
}

/**
 * The app's one access token, shared by all its journeys. Refreshed once when it nears expiry or when the
 * platform refuses it, however many journeys ask at that moment: they all wait for the same token request.
 */
export class TokenCache {
  #current: Issued | undefined;
  #refreshing: Promise<Issued> | undefined;
  readonly #request: () => Promise<{ access_token: string; expires_in: number }>;
  /** Every token this app was issued, so a log scan can look for each one. */
  readonly issued: string[] = [];

  constructor(request: () => Promise<{ access_token: string; expires_in: number }>) {
    this.#request = request;
  }

  async get(): Promise<string> {
    const current = this.#current;
    if (current && Date.now() < current.usableUntil) return current.token;
    return (await this.#refresh()).token;
  }

  /** The platform refused `token`: the next `get()` fetches a new one, unless another journey already did. */
  refused(token: string): void {
    if (this.#current?.token === token) this.#current = undefined;
  }

  #refresh(): Promise<Issued> {
    this.#refreshing ??= this.#request()
      .then(({ access_token, expires_in }) => {
        // Used until 90% of its lifetime: a request sent just before expiry must not arrive just after it.
        const issued = { token: access_token, usableUntil: Date.now() + expires_in * 900 };
        this.issued.push(access_token);
        this.#current = issued;
        return issued;
      })
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }
}
