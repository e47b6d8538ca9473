/**
 * A `Response` whose body is already in memory: `text()`, `json()`, `arrayBuffer()` and `bytes()` answer from the
 * bytes. On Node 20 every body of a plain `Response` is a web `ReadableStream`, made transferable through a
 * C++-backed object per response; for a JSON API read whole, that is about a tenth of a proxy's CPU and objects
 * that outlive young-generation GCs. Reading `body` (or `blob()`, `formData()`) still gets the standard stream,
 * built on first use; the body can be consumed once, whichever way, as with any `Response`.
 */
export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer> | null;
  readonly #init: ResponseInit;
  #used = false;
  /** The standard response over the same bytes, once something asks for its stream. */
  #streamed: Response | undefined;

  constructor(bytes: Uint8Array<ArrayBuffer> | null, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
    this.#init = init;
  }

  #streamedResponse(): Response {
    this.#streamed ??= new Response(this.#used ? null : this.#bytes, this.#init);
    return this.#streamed;
  }

  /** The bytes, once; the same TypeError as fetch's when the body was read already. */
  #take(): Uint8Array<ArrayBuffer> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ?? new Uint8Array(0);
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#bytes === null ? null : this.#streamedResponse().body;
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#streamed?.bodyUsed ?? false);
  }

  override async text(): Promise<string> {
    if (this.#streamed) return this.#streamed.text();
    const bytes = this.#take();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#streamed) return this.#streamed.arrayBuffer();
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override blob(): Promise<Blob> {
    return this.#streamedResponse().blob();
  }

  override formData(): Promise<FormData> {
    return this.#streamedResponse().formData();
  }

  override clone(): Response {
    if (this.#streamed) return this.#streamed.clone();
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#bytes, this.#init);
  }
}
