import {
  type TaskListRequest,
  type TaskSchemaRequest,
  type TaskUpdateRequest,
  TaskUpdateResponse,
  V1_BASE_PATH,
  V1_PATHS,
  type V1StartRequest,
  V1StartResponse,
  V1State,
  type V1StateRequest,
  V1TaskList,
  V1TaskListWithSchema,
  V1TaskSchema,
} from '@journey-bridge/contract';
import { type ClientOptions, createClientCore } from './client-options.js';
import type { CallOptions } from './http/transport.js';
import { ENDPOINT_RETRY } from './retry-policy.js';
import { keepingStatusSpelling } from './status-spelling.js';
import type { WithRequestId } from './with-request-id.js';

/**
 * The v1 task API as plain methods: typed request objects in, parsed contract shapes out. `createV1Client`
 * implements it over HTTP; the adapter implements the same interface over v2.
 */
export interface V1Api {
  /** Starts a journey; it runs to the end before answering unless `context.config.async` is true. */
  startJourney(request: V1StartRequest): Promise<V1StartResponse>;
  listTasks(request: TaskListRequest): Promise<V1TaskList>;
  listTasksWithSchema(request: TaskListRequest): Promise<V1TaskListWithSchema>;
  getTaskSchema(request: TaskSchemaRequest): Promise<V1TaskSchema>;
  updateTask(request: TaskUpdateRequest): Promise<TaskUpdateResponse>;
  fetchState(request: V1StateRequest): Promise<V1State>;
}

/** `V1Api` over HTTP; results also carry their `requestId`, and every method takes call options. */
export interface V1Client extends V1Api {
  startJourney(request: V1StartRequest, options?: CallOptions): Promise<WithRequestId<V1StartResponse>>;
  listTasks(request: TaskListRequest, options?: CallOptions): Promise<WithRequestId<V1TaskList>>;
  listTasksWithSchema(request: TaskListRequest, options?: CallOptions): Promise<WithRequestId<V1TaskListWithSchema>>;
  getTaskSchema(request: TaskSchemaRequest, options?: CallOptions): Promise<WithRequestId<V1TaskSchema>>;
  updateTask(request: TaskUpdateRequest, options?: CallOptions): Promise<WithRequestId<TaskUpdateResponse>>;
  fetchState(request: V1StateRequest, options?: CallOptions): Promise<WithRequestId<V1State>>;
}

export type V1ClientOptions = ClientOptions;

// Answers that carry a status keep the tenant's spelling of it beside the v1 one (see `statusSpellingOf`).
const Started = keepingStatusSpelling(V1StartResponse);
const TaskList = keepingStatusSpelling(V1TaskList);
const TaskListWithSchema = keepingStatusSpelling(V1TaskListWithSchema);
const State = keepingStatusSpelling(V1State);

/**
 * Creates a v1 client with the same tokens, retries, errors and logging as the v2 one. A synchronous start
 * holds the connection until the journey settles: give it a `timeoutMs` that fits.
 */
export function createV1Client(options: V1ClientOptions): V1Client {
  const { transport } = createClientCore(options, V1_BASE_PATH);
  return {
    startJourney: (request, call) => transport.post(V1_PATHS.start, { json: request }, Started, ENDPOINT_RETRY.start, call),
    listTasks: (request, call) => transport.post(V1_PATHS.taskList, { json: request }, TaskList, ENDPOINT_RETRY.read, call),
    listTasksWithSchema: (request, call) =>
      transport.post(V1_PATHS.taskListSchema, { json: request }, TaskListWithSchema, ENDPOINT_RETRY.read, call),
    getTaskSchema: (request, call) => transport.post(V1_PATHS.taskSchema, { json: request }, V1TaskSchema, ENDPOINT_RETRY.read, call),
    // A replayed `Complete` on a task that moved on surfaces as a 409: nothing tells it from a refusal.
    updateTask: (request, call) => transport.post(V1_PATHS.taskUpdate, { json: request }, TaskUpdateResponse, ENDPOINT_RETRY.submit, call),
    fetchState: (request, call) => transport.post(V1_PATHS.stateFetch, { json: request }, State, ENDPOINT_RETRY.read, call),
  };
}
