import { BadRequestError, ConflictError } from '@journey-bridge/client';
import { describe, expect, it } from 'vitest';
import { replicas } from './targets.js';

const image = (text: string) => Buffer.from(text).toString('base64');

async function started(api: ReturnType<typeof replicas>['a'], resourceId: string) {
  const { instanceId } = await api.startJourney({ resourceId, context: { config: { async: true }, subject: {} } });
  const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
  return { instanceId, taskId };
}

describe('what a Save carried of an element without all of it', () => {
  it('is not kept from a Save that was refused: the next update, carrying other fields, is taken', async () => {
    const { sim, a } = replicas();
    const { instanceId, taskId } = await started(a, 'a1d7c3f0data-check-v1@latest');
    await a.updateTask({
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } },
    });
    // The user goes back and changes the saved first name: v2 holds the first one, so the Save is refused.
    const changed = a.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: { identity: { firstName: 'Adele' } } } });
    await expect(changed).rejects.toBeInstanceOf(ConflictError);
    const last = { identity: { dateOfBirth: '1990-12-10' } };
    await expect(a.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: last } })).resolves.toMatchObject({
      valid: true,
    });
    await expect(a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: last } })).resolves.toMatchObject({ taskId });
    sim.core.clock.advance(5000);
    expect((await a.fetchState({ instanceId })).status).toBe('Completed');
  });

  it('is merged beneath the Complete after a Save that completed the task: the element it then completes is refused, never dropped', async () => {
    const { a } = replicas();
    const { instanceId, taskId } = await started(a, 'c3f9e5b2doc-selfie-v1@latest');
    // The document's front alone is a whole document, which the Save submits: the interaction moves on without a name.
    await a.updateTask({
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada' }, documents: [{ side1Image: image('FRONT') }] } },
    });
    const complete = a.updateTask({
      intent: 'Complete',
      instanceId,
      taskId,
      context: { subject: { identity: { lastNames: ['Lovelace'] } } },
    });
    const refusal = await complete.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).message).toContain('FullName');
  });

  it('is kept per process: another replica’s Complete lacks it and is refused as incomplete, never taken', async () => {
    const { a, b } = replicas();
    const { instanceId, taskId } = await started(a, 'a1d7c3f0data-check-v1@latest');
    await a.updateTask({
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } } },
    });
    const elsewhere = b.updateTask({
      intent: 'Complete',
      instanceId,
      taskId,
      context: { subject: { identity: { lastNames: ['Lovelace'] } } },
    });
    await expect(elsewhere).rejects.toBeInstanceOf(BadRequestError);
    await expect(
      a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { lastNames: ['Lovelace'] } } } }),
    ).resolves.toMatchObject({ taskId });
  });
});
