// `http` comes from the caller with no type: an axios instance answers { data }, a client that unwraps it the body.
export async function startCheck(http, subject) {
  const res = await http.post('journey/start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  return res.data.instanceId;
}

export async function firstTask(http, instanceId) {
  const res = await http.post('journey/task/list', { instanceId });
  return res.data.tasks[0]?.taskId;
}
