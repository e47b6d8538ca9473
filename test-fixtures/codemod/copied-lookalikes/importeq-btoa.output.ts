import axios from 'axios';

let calls = 0;
namespace Encoding {
  export const audited = (s: string) => {
    calls++;
    return Buffer.from(s).toString('base64');
  };
}
// Not the global btoa: an alias the file declares, whose calls count.
import btoa = Encoding.audited;

export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run btoa(`id:${token}`) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post(
    'https://eu.platform.go.gbgplc.com/captain/api/journey/task/update',
    { intent: 'Complete', instanceId, taskId, context: { subject } },
    { headers: { authorization: `Basic ${btoa(`id:${token}`)}` } },
  );
}
