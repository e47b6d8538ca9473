import { describe, expect, it } from 'vitest';
import { replicas } from './targets.js';

const DATA_CHECK_V1 = 'a1d7c3f0data-check-v1@latest';
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

describe('the task a Save completed, listed until its Complete', () => {
  it('is not kept for a Save that left the interaction open: what completes it elsewhere shows at once', async () => {
    const { sim, a, b } = replicas();
    const { instanceId } = await a.startJourney({ resourceId: DATA_CHECK_V1, context: { config: { async: true }, subject: {} } });
    const [task] = (await a.listTasks({ instanceId })).tasks;
    const taskId = task?.taskId ?? '';
    await a.updateTask({
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } },
    });
    await b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { dateOfBirth: '1990-12-10' } } } });
    sim.core.clock.advance(5000);

    expect(await a.listTasks({ instanceId })).toMatchObject({ status: 'Completed', tasks: [] });
  });

  it('is listed by the replica that ran the completing Save until its Complete there', async () => {
    const { sim, a } = replicas();
    const { instanceId } = await a.startJourney({ resourceId: DATA_CHECK_V1, context: { config: { async: true }, subject: {} } });
    const listed = await a.listTasks({ instanceId });
    const taskId = listed.tasks[0]?.taskId ?? '';
    await a.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } });
    sim.core.clock.advance(5000);

    expect(await a.listTasks({ instanceId })).toEqual(listed);
    await a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    expect(await a.listTasks({ instanceId })).toMatchObject({ status: 'Completed', tasks: [] });
  });
});
