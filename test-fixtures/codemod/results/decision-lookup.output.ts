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
  // journey-codemod: unsupported [response.decision-wording] its result is read at line 20 in a way that has no v2 counterpart → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.decision-wording] the decision would be in v2's words (Accept, Reject, Manual review), and this code looks it up in VERDICTS, whose words the codemod cannot rewrite → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  return VERDICTS[state.data.process.flow.decision.result.outcome] ?? 'unknown';
}

/** A label from a Map keyed by v1 wordings. */
export async function label(instanceId: string): Promise<string> {
  // journey-codemod: unsupported [response.state-result] its result is read at line 28 in a way that has no v2 counterpart → v2: decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] v2 keeps the overall decision in context.result, with other outcome words → v2: decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read
  return LABELS.get(state.data.process.flow.decision.result.outcome) ?? 'pending';
}

/** A switch whose case is a constant holding a v1 wording. */
export async function passed(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [response.decision-wording] its result is read at line 37 in a way that has no v2 counterpart → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.decision-wording] the decision would be in v2's words (Accept, Reject, Manual review), and this code compares it with case PASS, whose words the codemod cannot rewrite → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  switch (state.data.process.flow.decision.result.outcome) {
    case PASS:
      return true;
    default:
      return false;
  }
}

/** A comparison with that constant. */
export async function passedToo(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [response.decision-wording] its result is read at line 51 in a way that has no v2 counterpart → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.decision-wording] reads what the v1 call at line 47 of this file answers, which stays v1
  const decision = state.data.process.flow.decision.result.outcome;
  // journey-codemod: unsupported [response.decision-wording] the decision would be in v2's words (Accept, Reject, Manual review), and this code compares it with PASS, whose words the codemod cannot rewrite → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  return decision === PASS;
}

/** Membership in an array of v1 wordings. */
export async function accepted(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [response.state-result] its result is read at line 59 in a way that has no v2 counterpart → v2: decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] v2 keeps the overall decision in context.result, with other outcome words → v2: decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read
  return ACCEPTED.includes(state.data.process.flow.decision.result.outcome);
}

/** Whether the table knows the decision. */
export async function known(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [response.decision-wording] its result is read at line 67 in a way that has no v2 counterpart → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.decision-wording] the decision would be in v2's words (Accept, Reject, Manual review), and this code looks it up in VERDICTS, whose words the codemod cannot rewrite → v2: match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)
  return state.data.process.flow.decision.result.outcome in VERDICTS;
}
