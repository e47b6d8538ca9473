const JOURNEY = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

// Drafts every task of a list: a loop body with no braces, on the loop's line.
export async function saveDrafts(token, instanceId, taskIds, subject) {
  // journey-codemod: unsupported [request.update-intent] intent 'Save' has no v2 counterpart: v2 only takes complete elements → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
  for (const taskId of taskIds) await fetch(`${JOURNEY}task/update`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ intent: 'Save', instanceId, taskId, context: { subject } }) });
  if (taskIds.length === 0)
    // journey-codemod: unsupported [request.update-intent] intent 'Save' has no v2 counterpart: v2 only takes complete elements → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
    await fetch(`${JOURNEY}task/update`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ intent: 'Save', instanceId, taskId: 'none', context: { subject } }) });
}
