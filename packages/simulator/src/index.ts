export { ALL_PERMISSIONS, type ApiClient, DEMO_CLIENTS, type Permission } from './auth.js';
export { bundledJourneysDir } from './bundled-journeys.js';
export { type ClockOptions, SimClock } from './clock.js';
export type { Decision, Instance } from './engine.js';
export { SimulatorError } from './errors/simulator-error.js';
export type { FaultRule, FaultRuleInput } from './faults.js';
export type { JournalEntry, JournalQuery } from './journal.js';
export {
  JourneyDefinition,
  JourneyDefinitionError,
  loadJourneys,
  parseJourney,
} from './journey-definition.js';
export { createSimulator, type ListenOptions, type RunningSimulator, type Simulator } from './simulator.js';
export type { SimulatorOptions } from './simulator-core.js';
