import got from 'got';
import { VerifyClient } from './verify-client.js';

const { access_token } = await got
  .post(`${process.env.JOURNEY_HOST}/as/token.oauth2`, {
    form: { grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' },
  })
  .json<{ access_token: string }>();

const client = new VerifyClient(access_token);
const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } };
const instanceId = await client.begin({});
const [task] = (await client.tasks(instanceId)).tasks;
if (task) await client.complete(instanceId, task.taskId, subject);
let status = await client.status(instanceId);
while (status === 'InProgress') {
  await new Promise((resolve) => setTimeout(resolve, 20));
  status = await client.status(instanceId);
}
console.log(JSON.stringify({ tasksDone: task ? 1 : 0, status }));
