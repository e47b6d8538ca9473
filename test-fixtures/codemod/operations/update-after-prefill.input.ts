import axios from 'axios';

const JOURNEY = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

// The name is prefilled at start and sent again with the date of birth: v2 answers 409 for an element provided twice.
export async function verify(person: { first: string; last: string; dob: string }) {
  const { data: started } = await axios.post(`${JOURNEY}start`, {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: { identity: { firstName: person.first, lastNames: [person.last] } } },
  });
  const { data: list } = await axios.post(`${JOURNEY}task/list`, { instanceId: started.instanceId });
  const task = list.tasks[0];
  if (!task) return;
  await axios.post(`${JOURNEY}task/update`, {
    intent: 'Complete',
    instanceId: started.instanceId,
    taskId: task.taskId,
    context: { subject: { identity: { firstName: person.first, lastNames: [person.last], dateOfBirth: person.dob } } },
  });
}
