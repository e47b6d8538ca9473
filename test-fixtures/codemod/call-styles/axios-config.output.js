import axios from 'axios';

export function fetchState(instanceId) {
  return axios({
    method: 'post',
    url: 'https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch',
    data: { instanceId },
  }).then((response) => response.data);
}
