export abstract class SplitBaseClient {
  protected constructor(protected readonly token: string, protected readonly region: 'eu' | 'us' = 'eu') {}

  protected get base(): string {
    return `${process.env.JOURNEY_HOST}/${this.region}/captain/api/journey/`;
  }

  protected async call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as T;
  }
}
