import got from 'got';
import { httpDefaults } from './shared-http-defaults';

// Options from elsewhere may include resolveBodyOnly: what each call answers is not in the code.
const journeys = got.extend({ ...httpDefaults, prefixUrl: 'https://eu.platform.go.gbgplc.com/captain/api/journey' });

export async function verifyPhone(phone: string): Promise<boolean> {
  // journey-codemod: unsupported [codemod.unknown-client] its got options (resolveBodyOnly, responseType) are not all in the code, or handlers or hooks after the request may change what it answers, so whether it answers the response or the body is unknown and no read of its answer can be rewritten → v2: write resolveBodyOnly and responseType in got.extend({ … }) or in the call’s own options, with hooks run before the request only, and run again
  // journey-codemod: unsupported [response.start] the answer is called as a function
  const started = (await journeys.post('start', { json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } } }).json()) as { instanceId: string };
  // journey-codemod: unsupported [codemod.unknown-client] its got options (resolveBodyOnly, responseType) are not all in the code, or handlers or hooks after the request may change what it answers, so whether it answers the response or the body is unknown and no read of its answer can be rewritten → v2: write resolveBodyOnly and responseType in got.extend({ … }) or in the call’s own options, with hooks run before the request only, and run again
  // journey-codemod: unsupported [endpoint.task-list] the answer is called as a function
  const list = (await journeys.post('task/list', { json: { instanceId: started.instanceId } }).json()) as { tasks: { taskId: string }[] };
  for (const task of list.tasks) {
    // journey-codemod: unsupported [codemod.unknown-client] its got options (resolveBodyOnly, responseType) are not all in the code, or handlers or hooks after the request may change what it answers, so whether it answers the response or the body is unknown and no read of its answer can be rewritten → v2: write resolveBodyOnly and responseType in got.extend({ … }) or in the call’s own options, with hooks run before the request only, and run again
    await journeys.post('task/update', { json: { intent: 'Complete', instanceId: started.instanceId, taskId: task.taskId, context: { subject: { phone } } } });
  }
  return true;
}
