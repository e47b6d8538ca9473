import ky, { HTTPError } from 'ky';

export async function update(instanceId: string, taskId: string, firstName: string) {
  try {
    await ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
      json: { intent: 'Complete', instanceId, taskId, context: { subject: { identity: { firstName, lastNames: ['Doe'] } } } },
    });
  } catch (error) {
    if (error instanceof HTTPError) {
      const body: any = await error.response.json();
      throw new Error(`${body.error}: ${body.message}`);
    }
    throw error;
  }
}
