import axios from 'axios';

export async function call(operation: string, body: object) {
  return axios.post(`https://eu.platform.go.gbgplc.com/captain/api/journey/task/${operation}`, body);
}
