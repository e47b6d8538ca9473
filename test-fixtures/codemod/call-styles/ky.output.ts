import ky from 'ky';

export async function complete(instanceId: string, taskId: string, dateOfBirth: string) {
  return ky
    .post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', {
      json: { instanceId, interactionId: taskId, participants: [{ domainElementId: 'DateOfBirth' }], context: { subject: { identity: { dateOfBirth } } } },
    })
    .json();
}
