import request from 'superagent';

export function tasks(instanceId) {
  return request
    .post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch')
    .send({ instanceId })
    .then((res) => res.body)
    .catch((err) => {
      console.error(err.response.body.errors?.[0]?.problem, err.response.status);
      throw err;
    });
}
