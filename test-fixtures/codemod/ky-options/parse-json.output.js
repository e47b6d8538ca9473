import ky from 'ky';

// The platform answers {"status":…}; other services of ours wrap theirs in {"result": …}: unwrapped here.
const unwrap = (text) => {
  const body = JSON.parse(text);
  return body && typeof body === 'object' && 'result' in body && Object.keys(body).length === 1 ? body.result : body;
};

export class KycClient {
  constructor(token) {
    this.http = ky.create({
      prefixUrl: 'https://eu.platform.go.gbgplc.com/captain/api/journey',
      headers: { authorization: `Bearer ${token}` },
      parseJson: (text) => ({ ...unwrap(text), receivedAt: Date.now() }),
    });
  }

  async start(subject) {
    // journey-codemod: unsupported [codemod.unknown-client] its ky options (its own or its instance’s) are not all in the code, or a parseJson or an afterResponse or beforeError hook may change what it answers, so no read of its answer can be rewritten → v2: write the options out in ky.create({ … }) or in the call, with hooks run before the request only (beforeRequest, beforeRetry), and run again
    // journey-codemod: unsupported [response.start] the answer is called as a function
    const { instanceId } = await this.http
      .post('start', { json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } } })
      .json();
    return instanceId;
  }

  async firstTaskId(instanceId) {
    // journey-codemod: unsupported [codemod.unknown-client] its ky options (its own or its instance’s) are not all in the code, or a parseJson or an afterResponse or beforeError hook may change what it answers, so no read of its answer can be rewritten → v2: write the options out in ky.create({ … }) or in the call, with hooks run before the request only (beforeRequest, beforeRetry), and run again
    // journey-codemod: unsupported [endpoint.task-list] the answer is called as a function
    const list = await this.http.post('task/list', { json: { instanceId } }).json();
    return list.tasks.length > 0 ? list.tasks[0].taskId : undefined;
  }

  async status(instanceId) {
    // journey-codemod: unsupported [codemod.unknown-client] its ky options (its own or its instance’s) are not all in the code, or a parseJson or an afterResponse or beforeError hook may change what it answers, so no read of its answer can be rewritten → v2: write the options out in ky.create({ … }) or in the call, with hooks run before the request only (beforeRequest, beforeRetry), and run again
    // journey-codemod: unsupported [response.state-result] the answer is called as a function
    const state = await this.http.post('state/fetch', { json: { instanceId } }).json();
    return state.status === 'Failed' ? 'failed' : 'done';
  }
}
