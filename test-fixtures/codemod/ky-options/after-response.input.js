import ky from 'ky';

const HOST = 'https://eu.platform.go.gbgplc.com';

// Answers come back through our gateway, which wraps them: the hook hands the app the platform's own body.
const unwrapGateway = async (_request, _options, response) =>
  new Response(JSON.stringify((await response.json()).payload), response);

export async function startDocumentCheck(token, subject) {
  const { instanceId } = await ky
    .post(`${HOST}/captain/api/journey/start`, {
      headers: { authorization: `Bearer ${token}` },
      json: { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { subject } },
      hooks: { afterResponse: [unwrapGateway] },
    })
    .json();
  return instanceId;
}

export async function documentCheckStatus(token, instanceId) {
  const state = await ky
    .post(`${HOST}/captain/api/journey/state/fetch`, {
      headers: { authorization: `Bearer ${token}` },
      json: { instanceId },
      hooks: { afterResponse: [unwrapGateway] },
    })
    .json();
  return state.status === 'Failed' ? 'failed' : 'done';
}
