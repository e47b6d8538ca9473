import ky, { type KyInstance } from 'ky';

export class JourneyService {
  private readonly http: KyInstance;

  constructor(token: string) {
    this.http = ky.create({ prefixUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/', headers: { authorization: `Bearer ${token}` } });
  }

  async state(instanceId: string) {
    const state = await this.http.post('journey/state/fetch', { json: { instanceId } }).json<any>();
    return (state.status === 'Failed' || state.status === 'Error') ? 'failed' : 'done';
  }

  async tasks(instanceId: string) {
    return this.http.post('journey/interaction/fetch', { json: { instanceId } }).json<any>();
  }
}
