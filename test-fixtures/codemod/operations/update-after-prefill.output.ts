import axios from 'axios';
import { participantsFor, pendingInteractionId, requiredInteractionId } from './journey-v2.js';

const JOURNEY = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/';

// The name is prefilled at start and sent again with the date of birth: v2 answers 409 for an element provided twice.
export async function verify(person: { first: string; last: string; dob: string }) {
  const { data: started } = await axios.post(`${JOURNEY}start`, {
    resourceId: 'b2e8d4a1data-check-v2@latest',
    context: { config: { delivery: 'api' }, subject: { identity: { firstName: person.first, lastNames: [person.last] } } },
  });
  const { data: list } = await axios.post(`${JOURNEY}interaction/fetch`, { instanceId: started.instanceId });
  const task = pendingInteractionId(list);
  if (!task) return;
  await axios.post(`${JOURNEY}interaction/submit`, {
    instanceId: started.instanceId,
    interactionId: requiredInteractionId(task),
    participants: participantsFor(list, ['FullName', 'DateOfBirth']),
    context: { subject: { identity: { firstName: person.first, lastNames: [person.last], dateOfBirth: person.dob } } },
  });
}
