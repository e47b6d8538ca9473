import request from 'superagent';
import { ENDPOINTS } from './endpoints.js';

export function start(token) {
  return request
    .post(ENDPOINTS.start)
    .set('Authorization', `Bearer ${token}`)
    .send({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } })
    .then((res) => res.body.instanceId);
}

export async function failed(token, instanceId) {
  const { body } = await request.post(ENDPOINTS.state).set('Authorization', `Bearer ${token}`).send({ instanceId });
  return body.status === 'Failed' || body.status === 'Error';
}
