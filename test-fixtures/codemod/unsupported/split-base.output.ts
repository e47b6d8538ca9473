export abstract class SplitBaseClient {
  protected constructor(protected readonly token: string, protected readonly region: 'eu' | 'us' = 'eu') {}

  protected get base(): string {
    return `${process.env.JOURNEY_HOST}/${this.region}/captain/api/journey/`;
  }

  protected async call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    // journey-codemod: unsupported [codemod.dynamic-url] its base (the getter this.base) is built from this.region, which each instance sets at run time → v2: a base built from constants, or a getter that returns one
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as T;
  }
}
