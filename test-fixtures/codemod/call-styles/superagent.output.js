import request from 'superagent';

export async function listTasks(token, instanceId) {
  const res = await request
    .post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch')
    .set('Authorization', `Bearer ${token}`)
    .send({ instanceId });
  return res.body;
}
