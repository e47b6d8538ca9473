const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

interface JourneyState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

async function fetchState(instanceId: string): Promise<JourneyState> {
  const res = await fetch(`${BASE}/state/fetch`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return (await res.json()) as JourneyState;
}

// The state leaves the followed code through `resolve`, and comes back as the awaited promise's value.
function settled(instanceId: string): Promise<JourneyState> {
  return new Promise((resolve, reject) => {
    const tick = () => {
      fetchState(instanceId)
        .then((state) => (state.status === 'InProgress' ? setTimeout(tick, 200) : resolve(state)))
        .catch(reject);
    };
    tick();
  });
}

export async function outcomes(instanceId: string): Promise<string[]> {
  const state = await settled(instanceId);
  return Object.values(state.data.process.flow).map((entry) => entry.result.outcome);
}
