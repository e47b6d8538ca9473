import axios from 'axios';

export async function update(request: object) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', request);
}
