import axios from 'axios';

const VERDICTS: Record<string, string> = {
  'Decision: Pass': 'approve',
  'Decision: Reject': 'decline',
  'Decision: Manual review': 'refer',
};
const LABELS = new Map([
  ['Decision: Pass', 'approved'],
  ['Decision: Reject', 'declined'],
]);
const PASS = 'Decision: Pass';
const ACCEPTED = ['Decision: Pass', 'Decision: Manual review'];

/** A verdict looked up in a table keyed by v1 wordings: on v2 every lookup would miss. */
export async function verdict(instanceId: string): Promise<string> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return VERDICTS[state.data.process.flow.decision.result.outcome] ?? 'unknown';
}

/** A label from a Map keyed by v1 wordings. */
export async function label(instanceId: string): Promise<string> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return LABELS.get(state.data.process.flow.decision.result.outcome) ?? 'pending';
}

/** A switch whose case is a constant holding a v1 wording. */
export async function passed(instanceId: string): Promise<boolean> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  switch (state.data.process.flow.decision.result.outcome) {
    case PASS:
      return true;
    default:
      return false;
  }
}

/** A comparison with that constant. */
export async function passedToo(instanceId: string): Promise<boolean> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  const decision = state.data.process.flow.decision.result.outcome;
  return decision === PASS;
}

/** Membership in an array of v1 wordings. */
export async function accepted(instanceId: string): Promise<boolean> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return ACCEPTED.includes(state.data.process.flow.decision.result.outcome);
}

/** Whether the table knows the decision. */
export async function known(instanceId: string): Promise<boolean> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return state.data.process.flow.decision.result.outcome in VERDICTS;
}
