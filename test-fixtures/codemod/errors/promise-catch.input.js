import request from 'superagent';

export function tasks(instanceId) {
  return request
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list')
    .send({ instanceId })
    .then((res) => res.body)
    .catch((err) => {
      console.error(err.response.body.message, err.response.body.status);
      throw err;
    });
}
