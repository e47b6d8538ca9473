export async function startJourney(resourceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', { method: 'POST', body: JSON.stringify({ resourceId, context: { config: { async: true }, subject: {} } }) });
  const { instanceId } = await res.json();
  return instanceId;
}
