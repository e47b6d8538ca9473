const base = new URL('https://eu.platform.go.gbgplc.com/v2/captain/');

export async function taskSchemaList(token: string, instanceId: string) {
  // journey-codemod: needs-review [endpoint.task-list-schema] v2 has no task schemas: the interaction lists what it needs → v2: read interaction.collects[] { ref, spec } and outstanding[] instead of tasks[].schema and schemas
  const res = await fetch(new URL('journey/interaction/fetch', base), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
