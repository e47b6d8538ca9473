import got from 'got';

const { access_token } = await got
  .post(`${process.env.JOURNEY_HOST}/as/token.oauth2`, {
    form: { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' },
  })
  .json<{ access_token: string }>();

const journeys = got.extend({
  prefixUrl: `${process.env.JOURNEY_HOST}/eu/captain/api/journey`,
  headers: { authorization: `Bearer ${access_token}` },
  responseType: 'json',
  resolveBodyOnly: true,
  retry: { limit: 0 },
});

interface TaskList {
  tasks: { taskId: string }[];
}

const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } };
const started = (await journeys.post('start', { json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } } })) as { instanceId: string };
const list = (await journeys.post('task/list', { json: { instanceId: started.instanceId } })) as TaskList;
let tasksDone = 0;
for (const task of list.tasks) {
  await journeys.post('task/update', { json: { intent: 'Complete', instanceId: started.instanceId, taskId: task.taskId, context: { subject } } });
  tasksDone += 1;
}
let state = (await journeys.post('state/fetch', { json: { instanceId: started.instanceId } })) as { status: string };
while (state.status === 'InProgress') {
  await new Promise((resolve) => setTimeout(resolve, 20));
  state = (await journeys.post('state/fetch', { json: { instanceId: started.instanceId } })) as { status: string };
}
console.log(JSON.stringify({ tasksDone, status: state.status }));
