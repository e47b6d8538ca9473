import { STATUS_CODES } from 'node:http';
import { createJourneyClient, type JourneyClientOptions, type V1Api } from '@journey-bridge/client';
import { type JourneyMapEntryInput, PLATFORM_HOST, Region } from '@journey-bridge/contract';
import { callerToken } from './call-context.js';
import { AdapterError } from './errors/adapter-error.js';
import { V1CompatInstalledError } from './errors/v1-compat-installed-error.js';
import { createV1HttpHandler } from './http/v1-http-handler.js';
import { v1OperationOf } from './http/v1-routes.js';
import { createV1Adapter, type V1AdapterOptions } from './v1-adapter.js';

/** Options of `installV1Compat` and `createV1CompatFetch`. Give `adapter`, or `upstream` and `journeyMap`. */
export interface V1CompatOptions
  extends Partial<Omit<V1AdapterOptions, 'client' | 'logger'>>,
    Pick<JourneyClientOptions, 'timeoutMs' | 'retry' | 'logger' | 'logLevel'> {
  /** Serves the v1 calls. @default an adapter over `upstream` that sends each request's own token */
  adapter?: V1Api;
  /**
   * How the adapter built over `upstream` authorises interaction calls: as the shim does by default, with the
   * caller's token until a tenant refuses it there (401), then with an end-user token for that instance. v1 code
   * has no step that asks for one. @default 'auto'
   */
  interactionAuth?: JourneyClientOptions['interactionAuth'];
  /**
   * `eu`, `us`, `au`, or the v2 base URL (`https://…/v2/captain/`) of the adapter built when none is given. With a
   * region, a v1 call to another region's host (`https://us.platform.go.gbgplc.com/captain/api/…`) goes to that
   * region's v2, as a journey must be called in the region where it is configured; a base URL takes every call.
   */
  upstream?: Region | string;
  /**
   * Which of the v1 journey calls to serve in-process (by host, say); one it refuses goes on to `fetch` untouched.
   * Only a path that names a v1 journey operation (`…/captain/api/journey/start`, `…/journey/task/list`, …) is ever
   * served: any other, even under `/captain/api/`, goes to its host, which alone knows what it serves there.
   * @default every v1 journey call
   */
  match?: (url: URL) => boolean;
  /** The fetch everything else goes to, and the adapter's upstream calls. @default `globalThis.fetch` as it is now */
  fetch?: typeof globalThis.fetch;
  /**
   * Largest v1 request body in bytes; a larger one is answered 413 without an upstream call, as the shim's
   * `--body-limit` does. Documents and selfies travel base64 in the body. @default 10 MiB
   */
  bodyLimitBytes?: number;
  /**
   * Sends a v1 call about an instance or task that v2 does not know (a taskId journey-bridge never issues, or v2's
   * 404 `NOT_FOUND` for the instance in the body, before v2 has answered the call otherwise) to the address the
   * caller called, through `fetch`, as the caller sent it: journeys started on v1 before the install finish on v1.
   * A call about a journey on v2 never goes to v1, whatever v2 answers (a refusal, a 5xx, a timeout). `false`
   * answers such a call with v2's 404, and never reaches v1. @default true
   */
  finishV1Journeys?: boolean;
}

/** Thrown when neither an adapter nor an upstream with a journey map is given, or an option has a wrong value. */
export class V1CompatOptionsError extends AdapterError {
  override name = 'V1CompatOptionsError';
}

type V1Handler = ReturnType<typeof createV1HttpHandler>;

/** The adapter over one v2 upstream, sending each caller's own token. */
function adapterOver(
  upstream: Region | string,
  journeyMap: Readonly<Record<string, JourneyMapEntryInput>>,
  options: V1CompatOptions,
  fetch: typeof globalThis.fetch,
): V1Api {
  const region = Region.safeParse(upstream);
  const client = createJourneyClient({
    ...(region.success ? { region: region.data } : { baseUrl: upstream }),
    auth: callerToken(),
    fetch,
    interactionAuth: options.interactionAuth ?? 'auto',
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.retry && { retry: options.retry }),
    ...(options.logger && { logger: options.logger }),
    ...(options.logLevel && { logLevel: options.logLevel }),
  });
  // The adapter's one line (dropped request fields) is a debug line: it goes where the client's lines go.
  const logger = options.logLevel === 'debug' ? (options.logger ?? console) : undefined;
  return createV1Adapter({ ...options, client, journeyMap, ...(logger && { logger }) });
}

/** The region whose platform host `url` is on, if any. */
const regionOfHost = (url: URL): Region | undefined => Region.options.find((region) => url.hostname === `${region}.${PLATFORM_HOST}`);

/**
 * The handler for each v1 call's URL. Over a region, a call to another region's host is served over that region's
 * v2, with a client and adapter made when first needed; a given adapter or a base URL serves every call.
 */
function handlersFor(options: V1CompatOptions, fetch: typeof globalThis.fetch): (url: URL) => V1Handler {
  const { bodyLimitBytes } = options;
  if (bodyLimitBytes !== undefined && !(Number.isSafeInteger(bodyLimitBytes) && bodyLimitBytes > 0)) {
    throw new V1CompatOptionsError(`bodyLimitBytes must be a whole number of bytes above 0, got ${bodyLimitBytes}`);
  }
  // A 500 (a bug) is told where the client's lines go, at error: without it, such a failure would leave no trace.
  const logsErrors = options.logLevel !== undefined && options.logLevel !== 'silent';
  const logger = logsErrors ? (options.logger ?? console) : undefined;
  const handlerOf = (adapter: V1Api) => createV1HttpHandler({ adapter, bodyLimitBytes, ...(logger && { logger }) });
  if (options.adapter) {
    const handler = handlerOf(options.adapter);
    return () => handler;
  }
  const { upstream, journeyMap } = options;
  if (upstream === undefined || journeyMap === undefined) {
    throw new V1CompatOptionsError('give either adapter, or upstream (a region or a v2 base URL) and journeyMap');
  }
  // Made now, so that a wrong option or journey map fails here rather than at the first call.
  const configured = handlerOf(adapterOver(upstream, journeyMap, options, fetch));
  const region = Region.safeParse(upstream);
  if (!region.success) return () => configured;
  const byRegion = new Map([[region.data, configured]]);
  return (url) => {
    const called = regionOfHost(url);
    if (called === undefined) return configured;
    let handler = byRegion.get(called);
    if (!handler) {
      handler = handlerOf(adapterOver(called, journeyMap, options, fetch));
      byRegion.set(called, handler);
    }
    return handler;
  };
}

/** Whether a fetch body is read as it is sent (a web stream, or an async iterable as Node's fetch takes), so once. */
const isStream = (body: unknown): boolean =>
  body instanceof ReadableStream || (typeof body === 'object' && body !== null && Symbol.asyncIterator in body);

/**
 * `response` reading as fetch's own answer from `url`: a constructed Response's `url` is an empty read-only getter
 * and its `type` 'default', so both are defined on the instance, as interceptor libraries do, and on its clones.
 */
function answeredFrom(response: Response, url: string): Response {
  const clone = response.clone.bind(response);
  return Object.defineProperties(response, {
    url: { value: url, enumerable: true, configurable: true },
    // Node's fetch has no CORS: every answer it gives is 'basic'.
    type: { value: 'basic', enumerable: true, configurable: true },
    clone: { value: () => answeredFrom(clone(), url), configurable: true, writable: true },
  });
}

/**
 * The handler's answer as fetch gives one: with its status's reason phrase, its `Content-Length` (v1 sent one, and
 * code sizes buffers or skips empty bodies by it), the URL it answers, and neither body nor length for a HEAD
 * request (v1 sent none).
 */
async function asFetchResponse(answer: Response, url: string, method: string): Promise<Response> {
  // The handler's answers are JSON it built whole: reading them costs a copy, and gives their length in bytes.
  const body = answer.body === null ? null : await answer.arrayBuffer();
  const headers = new Headers(answer.headers);
  if (body !== null && method !== 'HEAD') headers.set('content-length', String(body.byteLength));
  const response = new Response(method === 'HEAD' ? null : body, {
    status: answer.status,
    statusText: STATUS_CODES[answer.status] ?? '',
    headers,
  });
  return answeredFrom(response, url);
}

/**
 * A `fetch` that serves v1 journey calls in-process through the adapter and passes everything else to the
 * underlying fetch untouched: for code that takes a fetch by injection.
 */
export function createV1CompatFetch(options: V1CompatOptions): typeof globalThis.fetch {
  const underlying = options.fetch ?? globalThis.fetch;
  const handlerFor = handlersFor(options, underlying);
  const served = (url: URL) => v1OperationOf(url.pathname) !== undefined && (options.match?.(url) ?? true);
  const { finishV1Journeys = true } = options;
  return async (input, init) => {
    // Every fetch of the app passes here: read the address without building a Request, and hand anything that
    // is not a v1 call on exactly as it came (building a Request from a Request would consume its body). An
    // address that does not parse (a relative one on Node) is not ours either: fetch itself says what is wrong.
    const url = URL.parse(input instanceof Request ? input.url : input);
    if (!url || !served(url)) return underlying(input, init);
    let request = new Request(input, init);
    let toV1: (() => Promise<Response>) | undefined;
    let v1Answer: Response | undefined;
    if (finishV1Journeys && v1OperationOf(url.pathname) !== 'startJourney') {
      // A call naming an instance may be about a journey still on v1, to send there as it came if v2 knows none.
      if (!(input instanceof Request) && !isStream(init?.body)) {
        // A body given whole (text, bytes, a Blob) can be given again.
        toV1 = async () => (v1Answer = await underlying(input, init));
      } else {
        // A stream is read once: its bytes are kept as the handler reads them, within its limits. The handler has
        // read them all before it asks v2 anything, and a body it refuses (413, a chunk fetch would not send) is
        // never sent on.
        const sent = request;
        const read: Buffer[] = [];
        if (sent.body !== null) {
          const keep = new TransformStream<unknown, unknown>({
            transform(chunk, controller) {
              if (typeof chunk === 'string') read.push(Buffer.from(chunk));
              else if (ArrayBuffer.isView(chunk)) read.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
              controller.enqueue(chunk);
            },
          });
          // Node requires `duplex` with a stream body; the DOM typings do not know it.
          request = new Request(sent, { body: sent.body.pipeThrough(keep), duplex: 'half' } as RequestInit);
        }
        toV1 = async () =>
          (v1Answer = await underlying(sent.body === null ? new Request(sent) : new Request(sent, { body: Buffer.concat(read) })));
      }
    }
    const answer = await handlerFor(url)(request, toV1);
    if (v1Answer) return v1Answer;
    // Like fetch, reject when the caller aborted (the handler answered 499, which is for servers' books).
    request.signal.throwIfAborted();
    // fetch's url never carries the fragment.
    url.hash = '';
    return asFetchResponse(answer, url.href, request.method);
  };
}

/**
 * Where the active install is kept: on `globalThis` under a registered symbol rather than in this module, so that
 * the ES-module and CommonJS builds (or two copies of the package) in one process see the same install.
 */
const INSTALLED = Symbol.for('@journey-bridge/adapter.installV1Compat');

/** An install: its wrapper, and fetches known to predate it (the one it replaced, the one at this module's load). */
interface Install {
  wrapper: typeof globalThis.fetch;
  predating: readonly (typeof globalThis.fetch)[];
}
const installs = globalThis as { [INSTALLED]?: Install | typeof globalThis.fetch };

/**
 * The install kept under `INSTALLED`, if any. An older copy of the package keeps its wrapper alone there: it
 * records no fetch predating it, so its install stays in effect until that copy undoes it (which removes it).
 */
const currentInstall = (): Install | undefined => {
  const kept = installs[INSTALLED];
  return typeof kept === 'function' ? { wrapper: kept, predating: [] } : kept;
};

/** `globalThis.fetch` when this module was loaded: often the runtime's own, beneath any patcher started later. */
const fetchAtLoad = globalThis.fetch;

/**
 * Whether an install is still in effect. One is not once `globalThis.fetch` is back to a fetch made before it: a
 * patcher (msw) that saved fetch before the install and restores it after has taken the wrapper out of reach, as
 * a fetch made before the wrapper cannot hold it.
 */
const inEffect = (install: Install | undefined): install is Install =>
  install !== undefined && (globalThis.fetch === install.wrapper || !install.predating.includes(globalThis.fetch));

/**
 * Wraps `globalThis.fetch` so that requests to the v1 journey paths (`…/captain/api/journey/start`,
 * `…/journey/task/list`, …) run on v2 journeys in-process, and everything else, any other path under
 * `/captain/api/` included, passes through untouched. One line at start-up; returns the function that undoes it.
 * Only calls through `globalThis.fetch` of this thread are reached: not node:http, axios's default adapter,
 * undici's own `request` or `fetch`, nor a fetch captured before the install.
 *
 * One install at a time: another while one is in effect throws `V1CompatInstalledError` (give the one install a
 * journey map with every entry). An install is no longer in effect once `globalThis.fetch` is back to the fetch it
 * replaced, or to the one there when this module was loaded (a patcher that saved fetch before it restored it).
 * The returned function always takes effect: from then on the wrapper passes every call on to the fetch it
 * wrapped, and `globalThis.fetch` is put back only if it is still the wrapper, so a patch made over it later (a
 * tracer) is never removed.
 */
export function installV1Compat(options: V1CompatOptions): () => void {
  if (inEffect(currentInstall())) throw new V1CompatInstalledError();
  const original = globalThis.fetch;
  const compat = createV1CompatFetch({ ...options, fetch: options.fetch ?? original });
  let active = true;
  // A patch made over the wrapper keeps calling it after the uninstall: it must then be as if never installed.
  const wrapper: typeof globalThis.fetch = (input, init) => (active ? compat(input, init) : original(input, init));
  const install: Install = { wrapper, predating: [original, fetchAtLoad] };
  globalThis.fetch = wrapper;
  installs[INSTALLED] = install;
  return () => {
    active = false;
    // An install made since this one went out of effect is that install's to undo, not this one's.
    if (installs[INSTALLED] === install) delete installs[INSTALLED];
    if (globalThis.fetch === wrapper) globalThis.fetch = original;
  };
}
