export { ALL_PERMISSIONS, type ApiClient, DEMO_CLIENTS, type Permission } from './auth.js';
export { bundledJourneysDir } from './bundled-journeys.js';
export { ClockError, type ClockOptions, MAX_CLOCK_MS, MAX_CLOCK_SCALE, SimClock } from './clock.js';
export { type Decision, DuplicateJourneyError, type Instance } from './engine.js';
export { SimulatorError } from './errors/simulator-error.js';
export { type FaultRule, FaultRuleError, type FaultRuleInput } from './faults.js';
export type { JournalEntry, JournalQuery } from './journal.js';
export {
  JourneyDefinition,
  JourneyDefinitionError,
  loadJourneys,
  parseJourney,
} from './journey-definition.js';
export { createSimulator, type ListenOptions, type RunningSimulator, type Simulator, UnknownClientError } from './simulator.js';
export { SimulatorOptionError, type SimulatorOptions } from './simulator-core.js';
