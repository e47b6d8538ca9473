export { type AddedData, addedAfterSave, unheldElements } from './added-after-save.js';
export {
  CHANGES,
  type ChangeId,
  DEFAULT_DECISION_OUTCOMES,
  ENDPOINT_MAP,
  ERROR_FIELD_MAP,
  FAILURE_STATUSES,
  type Fidelity,
  RESULT_PATHS,
  V1_RESULT_LAYOUTS,
  type V1JourneyPath,
  type VersionChange,
  v2ErrorNamesFor,
} from './change-register.js';
export { changedElements, changedUndescribed, undescribedPaths, unheldUndescribed } from './changed-elements.js';
export { renderCompatibilityDoc } from './compatibility-doc.js';
export { backRequired } from './document-back.js';
export { toV1ErrorBody } from './error-body.js';
export { FilterKeyError, filterFlow, filterKeyPattern, isValidFilterKey } from './filter-flow.js';
export { decisionNamed, type InferredDialect, inferDialect } from './infer-dialect.js';
export { bareId, JourneyMapError, type ResolvedJourneyMap, resolveJourneyMap } from './journey-map.js';
export { type JourneyMap, mapResourceId, toV2StartRequest } from './start.js';
export { decisionOf, toV1State, type V1StateOptions } from './state.js';
export { fieldValue, isFilled, type PlanOptions, planSubmit, type SubmitPlan } from './submit.js';
export { decodeTaskId, encodeTaskId } from './task-id.js';
export {
  collectedElements,
  knownCollects,
  SPECIFICATION_CATALOGUE,
  type TaskSchemaOptions,
  taskJsonSchemaFor,
} from './task-schema.js';
export { type TaskVariantIds, toV1TaskList, toV1TaskListWithSchema } from './tasks.js';
export {
  AddedAfterSaveError,
  IncompleteTaskError,
  MalformedTaskIdError,
  ProvidedElementChangedError,
  StaleTaskError,
  TranslationError,
  UndescribedElementError,
  UnheldDataError,
  UnmappedJourneyError,
  UntakenElementError,
} from './translation-errors.js';
export {
  DECISIONS,
  type Decision,
  DialectEntry,
  type JourneyMapEntryInput,
  SPECIFICATION_DIALECT,
  spelledStatus,
  V1Dialect,
  type V1DialectInput,
} from './v1-dialect.js';
