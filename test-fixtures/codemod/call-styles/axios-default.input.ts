import axios from 'axios';

const API = 'https://eu.platform.go.gbgplc.com/captain/api';

export async function uploadSelfie(instanceId: string, taskId: string, selfieImage: string) {
  const { data } = await axios.post(`${API}/journey/task/update`, {
    intent: 'Complete',
    instanceId,
    taskId,
    context: { subject: { biometrics: [{ selfieImage }] } },
  });
  return data;
}
