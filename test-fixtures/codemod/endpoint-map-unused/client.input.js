import request from 'superagent';
import { ENDPOINTS } from './endpoints.js';

export function start(token) {
  return request
    .post(ENDPOINTS.start)
    .set('Authorization', `Bearer ${token}`)
    .send({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } })
    .then((res) => res.body.instanceId);
}

export async function failed(token, instanceId) {
  const { body } = await request.post(ENDPOINTS.state).set('Authorization', `Bearer ${token}`).send({ instanceId });
  return body.status === 'Failed';
}
