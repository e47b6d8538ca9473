export const JOURNEY_API = 'https://eu.platform.go.gbgplc.com/captain/api/';

export enum JourneyPath {
  TaskList = 'journey/task/list',
  TaskUpdate = 'journey/task/update',
}
