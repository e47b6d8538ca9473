import got from 'got';
import { begin, complete, status, tasks } from './verify-api.js';

const { access_token } = await got
  .post(`${process.env.JOURNEY_HOST}/as/token.oauth2`, {
    form: { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' },
  })
  .json<{ access_token: string }>();

const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } };
const instanceId = await begin(access_token, {});
const [task] = (await tasks(access_token, instanceId)).tasks;
if (task) await complete(access_token, instanceId, task.taskId, subject);
let current = await status(access_token, instanceId);
while (current === 'InProgress') {
  await new Promise((resolve) => setTimeout(resolve, 20));
  current = await status(access_token, instanceId);
}
console.log(JSON.stringify({ tasksDone: task ? 1 : 0, status: current }));
