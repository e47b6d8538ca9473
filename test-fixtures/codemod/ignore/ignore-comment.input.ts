import axios from 'axios';

export async function legacyList(instanceId: string) {
  // journey-codemod-ignore: this tenant stays on v1 until its journey is republished
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
}
