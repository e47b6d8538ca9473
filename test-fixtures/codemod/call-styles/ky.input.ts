import ky from 'ky';

export async function complete(instanceId: string, taskId: string, dateOfBirth: string) {
  return ky
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
      json: { intent: 'COMPLETE', instanceId, taskId, context: { subject: { identity: { dateOfBirth } } } },
    })
    .json();
}
