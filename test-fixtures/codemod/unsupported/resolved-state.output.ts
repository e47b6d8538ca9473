const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

interface JourneyState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

// journey-codemod: unsupported [response.state-result] reads what the v1 call at line 11 of this file answers, which stays v1
async function fetchState(instanceId: string): Promise<JourneyState> {
  // journey-codemod: unsupported [response.state-result] its result is read at line 31 in a way that has no v2 counterpart → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  const res = await fetch(`${BASE}/state/fetch`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 11 of this file answers, which stays v1
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
  // journey-codemod: unsupported [response.state-result] a read of a v1 state (state.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  return Object.values(state.data.process.flow).map((entry) => entry.result.outcome);
}
