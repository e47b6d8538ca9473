import { AdapterError } from './adapter-error.js';

/**
 * Another update of the same task was under way for as long as an update waits for it (a double click whose first
 * request hangs, or a process that died holding the task, until its lease passes). Nothing was sent: the caller
 * retries. The shim answers 503.
 */
export class TaskBusyError extends AdapterError {
  override name = 'TaskBusyError';

  constructor(waitedMs: number) {
    super(`waited ${waitedMs / 1000} s for another update of this task to end: nothing was sent; retry`);
  }
}
