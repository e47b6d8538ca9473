const STATE_URL = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch';

export class AccountStore {
  private latest: any;

  async refresh(token: string, instanceId: string) {
    const response = await fetch(STATE_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ instanceId }),
    });
    this.latest = await response.json();
    return this.latest;
  }

  finished() {
    return this.latest.status !== 'InProgress';
  }

  failed() {
    return this.latest.status === 'Failed' || this.latest.status === 'Error';
  }
}
