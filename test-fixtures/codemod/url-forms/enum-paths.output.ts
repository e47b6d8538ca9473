export const JOURNEY_API = 'https://eu.platform.go.gbgplc.com/v2/captain/';

// journey-codemod: unsupported [codemod.unrecognized-v1-url] v1 URL text outside a call the codemod recognises: "journey/task/update" → v2: the v2 call for each request sent to it, bodies and answers too, not the URL alone (see the journey-codemod docs)
export enum JourneyPath {
  TaskList = 'journey/interaction/fetch',
  TaskUpdate = 'journey/task/update',
}
