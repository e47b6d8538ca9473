// A legacy v1 app in the scratch project: one data-check journey through `journey-bridge serve`, with a token
// from the platform's own token endpoint. Prints the journey's final status.
const [shim, platform] = process.argv.slice(2);
const issued = await fetch(new URL('/as/token.oauth2', platform), {
  method: 'POST',
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: 'demo-client',
    client_secret: 'demo-secret',
    scope: 'svc.token',
  }),
});
const { access_token: token } = await issued.json();
const call = async (path, body) => {
  const response = await fetch(new URL(`/captain/api/journey/${path}`, shim), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};
const { instanceId } = await call('start', {
  resourceId: 'a1d7c3f0data-check-v1@latest',
  context: { config: { async: true }, subject: {} },
});
const { tasks } = await call('task/list', { instanceId });
const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
await call('task/update', { intent: 'Complete', instanceId, taskId: tasks[0].taskId, context: { subject } });
let state = await call('state/fetch', { instanceId });
while (state.status === 'InProgress') {
  await new Promise((resolve) => setTimeout(resolve, 50));
  state = await call('state/fetch', { instanceId });
}
console.log(JSON.stringify({ status: state.status }));
