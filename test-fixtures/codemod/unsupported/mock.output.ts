// A test double of the v1 service: the codemod marks it instead of guessing the v2 shape.
// journey-codemod: unsupported [codemod.v1-response-mock] a v1 task list written out in code (a test double, an example) → v2: an interaction: { instanceId, interactionId, journey: { status }, interaction: { collects: [{ ref, spec }] }, outstanding: [] }
// journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "POST https://eu.platform.go.gbgplc.com/captain/api/journey/task/list" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
export const handlers = {
  'POST https://eu.platform.go.gbgplc.com/captain/api/journey/task/list': () => ({ instanceId: 'i-1', status: 'InProgress', tasks: [{ taskId: 't-1' }] }),
};
