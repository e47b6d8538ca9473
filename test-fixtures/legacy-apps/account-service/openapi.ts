/**
 * The service's own API, as it documents it: the verification result it returns, with an example of the
 * platform state a result is read from. Served at /openapi.json; not a test double.
 */
export const verificationResultSchema = {
  type: 'object',
  properties: {
    verdict: { type: 'string', enum: ['pass', 'reject', 'review', 'error'] },
  },
  'x-platform-state': {
    instanceId: '6f1d4c2a9b8e7d6c5b4a3f2e1d0c9b8a',
    status: 'Completed',
    data: { process: { flow: { decision: { result: { outcome: 'Decision: Pass' } } } } },
  },
} as const;
