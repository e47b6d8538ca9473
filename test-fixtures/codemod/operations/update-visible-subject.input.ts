import axios from 'axios';

const documentFront = 'ZnJvbnQ=';

export async function sendDocument(instanceId: string, taskId: string) {
  const subject = {
    documents: [{ type: 'Primary', side1Image: documentFront, side2Image: '' }],
  };
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
    intent: 'Complete',
    instanceId,
    taskId,
    context: { subject },
  });
}
