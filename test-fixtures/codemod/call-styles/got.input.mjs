import got from 'got';

export async function start(token, subject) {
  return got
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
      headers: { authorization: `Bearer ${token}` },
      json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } },
    })
    .json();
}
