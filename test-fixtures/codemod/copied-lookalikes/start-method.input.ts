import ky from 'ky';
let issued = 0;
export class Starter {
  get requestId() { return `req-${++issued}`; }
  headers() { return { 'x-request-id': this.requestId }; }
  async start(subject: object) {
    const started = await ky
      .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
        json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } },
        headers: this.headers(),
      })
      .json<{ instanceId: string }>();
    return ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { json: { instanceId: started.instanceId } }).json();
  }
}
