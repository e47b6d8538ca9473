// `http` comes from the caller with no type: an axios instance answers { data }, a client that unwraps it the body.
export async function startCheck(http, subject) {
  // journey-codemod: unsupported [codemod.unknown-client] it goes through http, whose kind the codemod cannot tell (an axios instance answers { data }, a client that unwraps it the body), so no read of its answer can be rewritten → v2: type the receiver (http: AxiosInstance, ReturnType<typeof createHttp>) or pass it an instance made by axios.create({ baseURL }) or by a function of the project that returns one, and run again
  const res = await http.post('journey/start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  // journey-codemod: unsupported [codemod.unknown-client] reads what the v1 call at line 4 of this file answers, which stays v1
  return res.data.instanceId;
}

export async function firstTask(http, instanceId) {
  // journey-codemod: unsupported [codemod.unknown-client] it goes through http, whose kind the codemod cannot tell (an axios instance answers { data }, a client that unwraps it the body), so no read of its answer can be rewritten → v2: type the receiver (http: AxiosInstance, ReturnType<typeof createHttp>) or pass it an instance made by axios.create({ baseURL }) or by a function of the project that returns one, and run again
  const res = await http.post('journey/task/list', { instanceId });
  // journey-codemod: unsupported [codemod.unknown-client] reads what the v1 call at line 11 of this file answers, which stays v1
  return res.data.tasks[0]?.taskId;
}
