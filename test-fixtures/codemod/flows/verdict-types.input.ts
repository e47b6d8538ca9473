export interface VerdictState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}
