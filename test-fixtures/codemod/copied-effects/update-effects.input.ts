import axios from 'axios';
import got from 'got';
import ky from 'ky';

let issued = 0;
let attempts = 0;

const settings = { token: process.env.JOURNEY_TOKEN ?? '' };

async function fetchToken(): Promise<string> {
  issued++;
  return (await got.post('https://auth.example/token', { json: { n: issued } }).json<{ token: string }>()).token;
}

function nextRequestId(): string {
  return `req-${++issued}`;
}

// Each update fetches a token: an interaction fetch written the same way would fetch a second one.
export async function completeWithFreshToken(instanceId: string, taskId: string, subject: object): Promise<void> {
  await got.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
    headers: { authorization: `Bearer ${await fetchToken()}` },
    json: { intent: 'Complete', instanceId, taskId, context: { subject } },
  });
}

export async function completeWithRequestId(instanceId: string, taskId: string, subject: object): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: { 'x-request-id': nextRequestId() } },
  );
}

export async function completeCounted(instanceId: string, taskId: string, subject: object): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: { 'x-attempt': `${++attempts}` } },
  );
}

export class CountingClient {
  private sent = 0;

  constructor(private readonly token: string) {}

  headers() {
    return { headers: { authorization: `Bearer ${this.token}`, 'x-sequence': `${this.sent++}` } };
  }

  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post(
      'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
      { intent: 'Complete', instanceId, taskId, context: { subject } },
      this.headers(),
    );
  }
}

// A synchronous start reaching a task list: the wait's fetches, written the way the start is made, would take more ids.
export async function startAndList(subject: object) {
  const started = await ky
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
      json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } },
      headers: { 'x-request-id': nextRequestId() },
    })
    .json<{ instanceId: string }>();
  return ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { json: { instanceId: started.instanceId } }).json();
}

function signedHeaders(token: string) {
  return { authorization: `Bearer ${token}`, 'x-nonce': nextRequestId() };
}

let tokenHeaders = (token: string) => ({ authorization: `Bearer ${token}` });
export function rotateHeaders(next: typeof tokenHeaders): void {
  tokenHeaders = next;
}

// A function that runs something, and one the code gives another value: each fetch could run something again.
export async function completeSigned(instanceId: string, taskId: string, subject: object): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: signedHeaders(settings.token) },
  );
}

export async function completeWithRotatedHeaders(instanceId: string, taskId: string, subject: object): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: tokenHeaders(settings.token) },
  );
}

// A string method of a name: what the name holds is not shown, and its trim may be anything.
export async function completeWithTrimmedToken(instanceId: string, taskId: string, subject: object, token: { trim(): string }): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: { authorization: `Bearer ${token.trim()}` } },
  );
}

function nonceHeaders(nonce = nextRequestId()) {
  return { 'x-nonce': nonce };
}

// Only returns, but a call without the argument runs the default's nextRequestId().
export async function completeWithDefaultNonce(instanceId: string, taskId: string, subject: object): Promise<void> {
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: nonceHeaders() },
  );
}
