import ky from 'ky';
let issued = 0;
export class Starter {
  get requestId() { return `req-${++issued}`; }
  headers() { return { 'x-request-id': this.requestId }; }
  async start(subject: object) {
    // journey-codemod: unsupported [request.start-async] the wait cannot be written here: written the way the call is made, each fetch would run this.headers() again: the method only returns a value, but may be replaced where it is not written (a subclass or another file of the run that extends, patches or writes a member of that name, a decorator, or a write in this file) → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
    const started = await ky
      .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
        json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } },
        headers: this.headers(),
      })
      .json<{ instanceId: string }>();
    // journey-codemod: unsupported [request.start-async] belongs to the journey flow of the v1 call at line 8 of this file, which stays v1
    return ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { json: { instanceId: started.instanceId } }).json();
  }
}
