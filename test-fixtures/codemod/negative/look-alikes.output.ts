// Code that looks like v1 but is not: it must come out byte for byte the same.
export async function updateTodo(taskId: string, done: boolean) {
  return fetch('https://todo.example.com/api/task/update', { method: 'POST', body: JSON.stringify({ taskId, intent: 'Complete', done }) });
}

export function isBroken(build: { status: string }) {
  return build.status === 'Failed';
}

export async function v2State(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}

export const docs = { flow: 'process flow diagrams', captain: 'captain of the team' };
