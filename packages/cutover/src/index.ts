export { calibrate, emptyResults, type NoiseFloor } from './calibration.js';
export { type Comparison, comparePair, type IgnoreRule, type PairFailure } from './compare.js';
export { type CallContext, type ContextualV1Api, contextualV1Client } from './contextual-api.js';
export { type Cutover, type CutoverOptions, createCutover, type ShadowOptions, type StageChange } from './cutover.js';
export { CutoverError } from './errors/cutover-error.js';
export { CutoverOptionsError } from './errors/cutover-options-error.js';
export { PrimaryOutcomeUnknownError } from './errors/primary-outcome-unknown-error.js';
export { RecordPublisherError } from './errors/record-publisher-error.js';
export { ReportInputError } from './errors/report-input-error.js';
export { SealedSubjectError } from './errors/sealed-subject-error.js';
export { ShadowDataLostError } from './errors/shadow-data-lost-error.js';
export { ShadowThreadError } from './errors/shadow-thread-error.js';
export { ShadowTimeoutError } from './errors/shadow-timeout-error.js';
export { StoreCommandError } from './errors/store-command-error.js';
export { StoreConnectionError, type StoreConnectionProblem } from './errors/store-connection-error.js';
export { StoreKeyMismatchError } from './errors/store-key-mismatch-error.js';
export { WebhookRefusedError } from './errors/webhook-refused-error.js';
export type { KillSwitchOptions } from './kill-switch.js';
export {
  type Agreement,
  describeEvidence,
  type FlowKeyEvidence,
  type LearnedMapping,
  type LearnOptions,
  learnFlowKeys,
} from './learn-mapping.js';
export { CutoverMetrics } from './metrics.js';
export { normalise } from './normal-form.js';
export { CutoverMappingSchema, checkRollbackWindows, RollbackThresholdsSchema, StageSchema } from './options-schema.js';
export { createRecordPublisher, type RecordPublisher, type RecordPublisherOptions } from './records.js';
export { escapeControlCharacters } from './report/escape-control-characters.js';
export { REPORT_TITLE, renderHtmlReport } from './report/html.js';
export { MAX_RECORD_LINE_BYTES, type ReadRecordsOptions, type RecordsRead, readPairRecords } from './report/read-records.js';
export {
  consistentPairs,
  type FieldSummary,
  type MappingSummary,
  type Percentiles,
  type ReportSummary,
  type SummaryOptions,
  summariseRecords,
  type TimelinePoint,
} from './report/summary.js';
export { formatSummary } from './report/text.js';
export type { ShadowSidesFactory, ShadowThreadOptions } from './shadow-thread/shadow-thread.js';
export { describeStage } from './stages.js';
export { createMemoryStore, type MemoryStoreOptions } from './stores/memory-store.js';
export type { RedisStoreOptions } from './stores/redis-connection.js';
export { createRedisSaveStore, type RedisSaveStore } from './stores/redis-save-store.js';
export { createRedisStore } from './stores/redis-store.js';
export type {
  ComparisonResult,
  CutoverMapping,
  Difference,
  NormalOutcome,
  PairingStore,
  PairRecord,
  Placement,
  RollbackRule,
  Side,
  Stage,
  StageOverride,
} from './types.js';
export type { RollbackNotice } from './webhook.js';
