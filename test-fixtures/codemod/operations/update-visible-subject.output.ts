import axios from 'axios';

const documentFront = 'ZnJvbnQ=';

export async function sendDocument(instanceId: string, taskId: string) {
  const subject = {
    documents: [{ type: 'Primary', side1Image: documentFront, side2Image: '' }],
  };
  await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', {
    instanceId,
    interactionId: taskId,
    participants: [{ domainElementId: 'PrimaryDocument' }],
    context: { subject },
  });
}
