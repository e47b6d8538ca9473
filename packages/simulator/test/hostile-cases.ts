import { expect } from 'vitest';
import { type Exchange, type ExchangeOptions, exchange, type RawResponse, type Send } from './raw-http.js';

/**
 * The body an answer must have: an error in the v1 (`{status, message, error}`), v2 (`errors[]`) or OAuth
 * (`{error, error_description}`) shape; `json`, any JSON object (a success); `health`, `{"status":"ok"}`;
 * `html`, a page of the hosted page (`says` matches its markup); `none`, not looked at (node:http's own refusals
 * have no body).
 */
export type Shape = 'v1' | 'v2' | 'oauth' | 'json' | 'health' | 'html' | 'none';

/** One response expected on the connection: its status, its body's shape, and whether it closes the connection. */
export interface Answer {
  readonly status: number;
  readonly shape: Shape;
  readonly closes?: boolean;
  /** What the error says (`message`, `errors[0].problem` or `error_description`). */
  readonly says?: RegExp;
}

/** A case of one connection: bytes out, the answers expected back. */
export interface ExchangeCase {
  readonly name: string;
  readonly send: Send;
  /** The responses in order; none: the server closes the connection without answering. */
  readonly answers: readonly Answer[];
  readonly options?: ExchangeOptions & { readonly port?: number };
  /** How many requests the simulator journals meanwhile, where the case decides it. */
  readonly journaled?: number;
  /** Further checks on what came back; a case with one judges `timedOut` and `closedByServer` itself. */
  readonly check?: (result: Exchange) => void;
}

/** A case over several connections, or one whose caller leaves: it runs and checks itself. */
export interface RunCase {
  readonly name: string;
  readonly run: () => Promise<void>;
}

export type HostileCase = ExchangeCase | RunCase;

/** node:http's own refusal of a request it cannot parse: no body, and the connection closed. */
export const nodeRefusal = (status: number): Answer => ({ status, shape: 'none', closes: true });
export const v1Answer = (status: number, says?: RegExp): Answer => ({ status, shape: 'v1', ...(says && { says }) });
export const v2Answer = (status: number, says?: RegExp): Answer => ({ status, shape: 'v2', ...(says && { says }) });
export const oauthAnswer = (status: number, says?: RegExp): Answer => ({ status, shape: 'oauth', ...(says && { says }) });
export const htmlAnswer = (status: number, says?: RegExp): Answer => ({ status, shape: 'html', ...(says && { says }) });

/** Asserts one response against what was expected of it. */
export function expectAnswer(response: RawResponse | undefined, answer: Answer): void {
  expect(response?.status).toBe(answer.status);
  if (answer.closes) expect(response?.headers.connection).toBe('close');
  if (answer.shape === 'none') return;
  if (answer.shape === 'html') {
    expect(response?.headers['content-type']).toMatch(/^text\/html/);
    expect(response?.headers['x-request-id']).toMatch(/^[\w.:@-]{1,128}$/);
    if (answer.says) expect(response?.body.toString('utf8')).toMatch(answer.says);
    return;
  }
  const parsed = JSON.parse(response?.body.toString('utf8') ?? '');
  if (answer.shape === 'health') {
    expect(parsed).toEqual({ status: 'ok' });
    return;
  }
  expect(response?.headers['content-type']).toMatch(/^application\/json/);
  expect(response?.headers['x-request-id']).toMatch(/^[\w.:@-]{1,128}$/);
  if (answer.shape === 'json') {
    expect(parsed).toBeTypeOf('object');
    return;
  }
  let said: string;
  if (answer.shape === 'v1') {
    expect(parsed).toEqual({ status: answer.status, message: expect.any(String), error: expect.stringMatching(/^[a-z-]+$/) });
    said = parsed.message;
  } else if (answer.shape === 'v2') {
    expect(parsed.errors[0]).toEqual({
      code: expect.stringMatching(/^\d+$/),
      name: expect.stringMatching(/^[A-Z_]+$/),
      location: expect.any(String),
      problem: expect.any(String),
      action: expect.any(String),
    });
    said = parsed.errors[0].problem;
  } else {
    expect(parsed).toEqual({ error: expect.stringMatching(/^[a-z_]+$/), error_description: expect.any(String) });
    said = parsed.error_description;
  }
  if (answer.says) expect(said).toMatch(answer.says);
}

/**
 * Runs one exchange case against `port`: the answers, in order and in shape; the close when the last answer
 * (or the lack of one) says so; and the requests `journalCount` saw meanwhile.
 */
export async function expectExchange(
  { send, answers, options, journaled, check }: ExchangeCase,
  port: number,
  journalCount: () => number,
): Promise<void> {
  const before = journalCount();
  const closes = answers.length === 0 || answers.at(-1)?.closes === true;
  const result = await exchange(options?.port ?? port, send, { responses: closes ? Number.POSITIVE_INFINITY : answers.length, ...options });
  if (!check) {
    expect(result.timedOut).toBe(false);
    expect(result.closedByServer).toBe(closes);
  }
  expect(result.responses.map((response) => response.status)).toEqual(answers.map((answer) => answer.status));
  for (const [index, answer] of answers.entries()) expectAnswer(result.responses[index], answer);
  check?.(result);
  if (journaled !== undefined) expect(journalCount() - before).toBe(journaled);
}
