import { startJourney } from './api';
export namespace Journey {
  export const begin = startJourney;
}
