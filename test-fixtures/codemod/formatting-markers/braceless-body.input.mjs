const JOURNEY = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

// Drafts every task of a list: a loop body with no braces, on the loop's line.
export async function saveDrafts(token, instanceId, taskIds, subject) {
  for (const taskId of taskIds) await fetch(`${JOURNEY}task/update`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ intent: 'Save', instanceId, taskId, context: { subject } }) });
  if (taskIds.length === 0)
    await fetch(`${JOURNEY}task/update`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ intent: 'Save', instanceId, taskId: 'none', context: { subject } }) });
}
