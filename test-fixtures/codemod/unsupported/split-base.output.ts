export abstract class SplitBaseClient {
  protected constructor(protected readonly token: string, protected readonly region: 'eu' | 'us' = 'eu') {}

  protected get base(): string {
    // journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "/captain/api/journey/" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
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
