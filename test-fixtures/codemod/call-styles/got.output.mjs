import got from 'got';

export async function start(token, subject) {
  return got
    .post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
      headers: { authorization: `Bearer ${token}` },
      json: { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } },
    })
    .json();
}
