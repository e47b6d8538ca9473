export async function startJourney(resourceId: string): Promise<string> {
  // journey-codemod: unsupported [request.start-resource-id] its resourceId is known only at run time, and line 4 of main.ts writes the v1 resourceId 'a1d7c3f0data-check-v1@latest' where no start the codemod recognises takes it: it may be the one sent here, and a v2 start of a v1 id starts nothing → v2: call the start function by its own name (not through an alias the codemod does not follow), or map that id where it is written, then run again
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', { method: 'POST', body: JSON.stringify({ resourceId, context: { config: { async: true }, subject: {} } }) });
  const { instanceId } = await res.json();
  return instanceId;
}
