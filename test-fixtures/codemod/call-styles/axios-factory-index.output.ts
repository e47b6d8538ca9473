export { createJourneyHttp } from './axios-factory';
