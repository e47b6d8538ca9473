import axios from 'axios';

export async function start(subject: object) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    resourceId: 'ffff0000unknown-v1@latest',
    context: { config: { async: true }, subject },
  });
}
