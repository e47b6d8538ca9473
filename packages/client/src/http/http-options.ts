/** PEM text or bytes, as `node:tls` takes them. */
export type Pem = string | Buffer;

/** How the default transport reaches the service: connection pool, proxy, TLS and limits. */
export interface HttpOptions {
  /** Most connections open to one origin at a time; further requests wait for a free one. @default 256 */
  connections?: number;
  /**
   * How long an idle keep-alive connection is kept, in ms; shortened to 1 s before a server's
   * `Keep-Alive: timeout` hint when that is sooner. @default 4000
   */
  keepAliveTimeoutMs?: number;
  /**
   * Certificate authorities to trust for https, e.g. a company's root; they replace Node's bundled list.
   * @default Node's bundled root certificates
   */
  ca?: Pem | Pem[];
  /** Client certificate (PEM) presented to servers that ask for one; give `key` with it. */
  cert?: Pem;
  /** Private key (PEM) of `cert`. */
  key?: Pem;
  /**
   * `'env'`: through the proxy that `HTTP_PROXY` / `HTTPS_PROXY` name (or their lower-case forms), except for
   * hosts in `NO_PROXY`; `'http://host:port'`: through that proxy for every request; `false`: never through one.
   * @default 'env'
   */
  proxy?: 'env' | string | false;
  /**
   * Largest response body accepted, in bytes; a larger one is cut off and the call fails with
   * `ResponseTooLargeError`. Results carry base64 document images, hence the generous default. @default 67108864 (64 MiB)
   */
  maxResponseBytes?: number;
}

export const DEFAULT_HTTP = {
  connections: 256,
  keepAliveTimeoutMs: 4000,
  proxy: 'env',
  maxResponseBytes: 64 * 1024 * 1024,
} as const satisfies HttpOptions;
