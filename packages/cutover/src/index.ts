export { calibrate, emptyResults, type NoiseFloor } from './calibration.js';
export { type Comparison, comparePair, type IgnoreRule, type PairFailure } from './compare.js';
export { CutoverError } from './errors/cutover-error.js';
export { RecordPublisherError } from './errors/record-publisher-error.js';
export {
  type Agreement,
  describeEvidence,
  type FlowKeyEvidence,
  type LearnedMapping,
  type LearnOptions,
  learnFlowKeys,
} from './learn-mapping.js';
export { normalise } from './normal-form.js';
export { createRecordPublisher, type RecordPublisher, type RecordPublisherOptions } from './records.js';
export type {
  ComparisonResult,
  CutoverMapping,
  Difference,
  NormalOutcome,
  PairingStore,
  PairRecord,
  Side,
  Stage,
} from './types.js';
