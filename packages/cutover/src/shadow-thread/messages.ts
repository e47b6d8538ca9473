import { type ApiErrorDetails, JourneyApiError, type V1Api } from '@journey-bridge/client';
import type { Side } from '../types.js';

/** What the cutover's thread carries of a call's context: the caller's token and request id, never a signal. */
export interface WireContext {
  readonly token?: string;
  readonly requestId?: string;
}

/** A failure as it crosses the thread: enough to rebuild what the mirror and the metrics read of it. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  /** Present when the failure was a `JourneyApiError`. */
  readonly api?: Omit<ApiErrorDetails, 'cause'>;
  /** The name of its `cause` (the adapter's `TranslationError` behind a v1 error), which the metrics tell refusals by. */
  readonly causeName?: string;
}

/** Messages from the cutover to its shadow thread. */
export type ToShadowThread =
  | {
      readonly type: 'call';
      readonly id: number;
      readonly side: Side;
      readonly operation: keyof V1Api;
      readonly request: unknown;
      readonly context: WireContext;
    }
  | { readonly type: 'abort'; readonly id: number };

/** Messages from the shadow thread to the cutover. */
export type FromShadowThread =
  | { readonly type: 'answer'; readonly id: number; readonly value: unknown; readonly upstreamRequestId?: string }
  | { readonly type: 'failure'; readonly id: number; readonly error: WireError; readonly upstreamRequestId?: string }
  | { readonly type: 'broken'; readonly error: WireError };

/** What the thread is started with (`workerData`). */
export interface ShadowThreadData {
  /** The sides module, as a URL. */
  readonly module: string;
  /** Handed to the module's default export. */
  readonly data: unknown;
  readonly lowPriority: boolean;
}

/**
 * An API failure is known by its shape, not its class: a sides module in CommonJS, or with a client of its own,
 * throws another copy of `JourneyApiError` than the one this file imports.
 */
const isApiError = (error: Error): error is JourneyApiError =>
  error instanceof JourneyApiError || ('status' in error && 'errors' in error && 'body' in error && Array.isArray(error.errors));

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  if (!isApiError(error)) return { name: error.name, message: error.message };
  const { status, requestId, errors, v1Error, body } = error;
  const causeName = error.cause instanceof Error ? error.cause.name : undefined;
  return { name: error.name, message: error.message, api: { status, requestId, errors, v1Error, body }, ...(causeName && { causeName }) };
}

/** The failure as the cutover reads it: an API failure keeps its status, body and name; others their name and message. */
export function fromWireError({ name, message, api, causeName }: WireError): Error {
  const error = api ? new JourneyApiError(api, message) : new Error(message);
  error.name = name;
  if (causeName !== undefined) error.cause = Object.assign(new Error(message), { name: causeName });
  return error;
}
