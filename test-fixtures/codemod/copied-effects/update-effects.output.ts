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
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run await fetchToken() again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await got.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
    headers: { authorization: `Bearer ${await fetchToken()}` },
    json: { intent: 'Complete', instanceId, taskId, context: { subject } },
  });
}

export async function completeWithRequestId(instanceId: string, taskId: string, subject: object): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run nextRequestId() again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: { 'x-request-id': nextRequestId() } },
  );
}

export async function completeCounted(instanceId: string, taskId: string, subject: object): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run ++attempts again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
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
    // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run this.headers() again: the method only returns a value, but may be replaced where it is not written (a subclass or another file of the run that extends, patches or writes a member of that name, a decorator, or a write in this file) → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
    await axios.post(
      'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
      { intent: 'Complete', instanceId, taskId, context: { subject } },
      this.headers(),
    );
  }
}

// A synchronous start reaching a task list: the wait's fetches, written the way the start is made, would take more ids.
export async function startAndList(subject: object) {
  // journey-codemod: unsupported [request.start-async] the wait cannot be written here: written the way the call is made, each fetch would run nextRequestId() again → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
  const started = await ky
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
      json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } },
      headers: { 'x-request-id': nextRequestId() },
    })
    .json<{ instanceId: string }>();
  // journey-codemod: unsupported [request.start-async] belongs to the journey flow of the v1 call at line 68 of this file, which stays v1
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
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run signedHeaders(settings.token) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: signedHeaders(settings.token) },
  );
}

export async function completeWithRotatedHeaders(instanceId: string, taskId: string, subject: object): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run tokenHeaders(settings.token) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: tokenHeaders(settings.token) },
  );
}

// A string method of a name: what the name holds is not shown, and its trim may be anything.
export async function completeWithTrimmedToken(instanceId: string, taskId: string, subject: object, token: { trim(): string }): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run token.trim() again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
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
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run nonceHeaders() again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: nonceHeaders() },
  );
}
