import axios from 'axios';

const API = 'https://eu.platform.go.gbgplc.com/v2/captain';

export async function uploadSelfie(instanceId: string, taskId: string, selfieImage: string) {
  const { data } = await axios.post(`${API}/journey/interaction/submit`, {
    instanceId,
    interactionId: taskId,
    participants: [{ domainElementId: 'Selfie' }],
    context: { subject: { biometrics: [{ selfieImage }] } },
  });
  return data;
}
