// A helper's untyped parameter given an instance by one caller and a plain object by another: its calls stay v1.
const JourneyClient = require('./param-client-mixed-client');

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForTask(client, instanceId) {
  for (let i = 0; i < 100; i++) {
    // journey-codemod: unsupported [codemod.unfollowed-instance] the journey's id is sent to client.listTasks, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1 → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
    // journey-codemod: unsupported [endpoint.task-list] this call may reach a method answering v1 (line 22 of param-client-mixed-client.js), on a receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
    const list = await client.listTasks(instanceId);
    if (list.tasks.length > 0) return list.tasks[0].taskId;
    await wait(30);
  }
  throw new Error('no task');
}

async function onboard(token, images) {
  const client = new JourneyClient(token);
  const instanceId = await client.startJourney({});
  const taskId = await waitForTask(client, instanceId);
  await client.updateTask(instanceId, taskId, { documents: [{ type: 'Primary', side1Image: images.front }] });
  let state = await client.fetchState(instanceId);
  while (state.status === 'InProgress') {
    await wait(50);
    state = await client.fetchState(instanceId);
  }
  // journey-codemod: unsupported [request.start-async] reads what the v1 call at line 32 of param-client-mixed-client.js answers, which stays v1
  return state.status === 'Failed' ? 'error' : 'done';
}

async function replay(recorded) {
  const cache = { listTasks: async () => ({ tasks: recorded }) };
  return waitForTask(cache, 'recorded');
}

module.exports = { onboard, replay };
