import ky, { HTTPError } from 'ky';

export async function update(instanceId: string, taskId: string, firstName: string) {
  try {
    await ky.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', {
      json: { instanceId, interactionId: taskId, participants: [{ domainElementId: 'FullName' }], context: { subject: { identity: { firstName, lastNames: ['Doe'] } } } },
    });
  } catch (error) {
    if (error instanceof HTTPError) {
      const body: any = await error.response.json();
      throw new Error(`${body.errors?.[0]?.name}: ${body.errors?.[0]?.problem}`);
    }
    throw error;
  }
}
