const enum Path {
  State = '/journey/state/fetch',
}

export async function journeyCompleted(token: string, instanceId: string): Promise<boolean> {
  const res = await fetch(`https://eu.platform.go.gbgplc.com/captain/api${Path.State}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const state = (await res.json()) as { status: string };
  return state.status === 'Completed';
}
