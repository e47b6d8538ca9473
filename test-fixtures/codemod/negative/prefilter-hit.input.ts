// Mentions v1 words (process.flow, 'Failed') but calls nothing v1: parsed, left byte for byte the same.
export interface Workflow {
  process: { flow: string[] };
  status: 'Failed' | 'Done';
}

export const steps = (workflow: Workflow) => workflow.process.flow.length;
export const broken = (workflow: Workflow) => workflow.status === 'Failed';
