import got from 'got';

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/';

async function call(path: string, token: string, json: object) {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 12 of this file, which stays v1
  return got.post(BASE + path, { headers: { authorization: `Bearer ${token}` }, json });
}

export async function complete(token: string, instanceId: string, taskId: string, subject: object): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: the function that makes it hands back got's settled response, which has no .json() → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await call('journey/task/update', token, { intent: 'Complete', instanceId, taskId, context: { subject } });
}
