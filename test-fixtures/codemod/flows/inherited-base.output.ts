/** The requests of every journey client: the base is a getter whose region is a constant. */
export abstract class JourneyHttpClient {
  protected constructor(protected readonly token: string) {}

  protected get base(): string {
    return `${process.env.JOURNEY_HOST}/eu/v2/captain/journey/`;
  }

  protected async call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`journey ${path} failed with ${res.status}`);
    return (await res.json()) as T;
  }
}
