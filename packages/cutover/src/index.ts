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
