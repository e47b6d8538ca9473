/** The requests of every state client: the base is a `readonly` field set where it is declared, not a getter. */
export abstract class JourneyFieldClient {
  protected abstract readonly token: string;
  protected readonly base = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/';

  protected async post<T>(path: string, body: object): Promise<T> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as T;
  }
}
