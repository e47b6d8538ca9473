export class KycClient {
  constructor(private readonly token: string) {}

  async outcome(instanceId: string): Promise<{ status: string }> {
    const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    });
    return (await res.json()) as { status: string };
  }
}
