/**
 * A small request body's text (a control request's), or `undefined` once it passes `limit` bytes, declared or
 * streamed: the server drops the rest once answered. `chunks`: the body as node:http holds it,
 * when served on a port. @default the fetch body
 */
export async function textWithin(
  request: Request,
  chunks: AsyncIterable<Uint8Array> | undefined,
  limit: number,
): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > limit) return undefined;
  const read: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks ?? (request.body as unknown as AsyncIterable<Uint8Array> | null) ?? []) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    read.push(chunk);
  }
  return Buffer.concat(read).toString('utf8');
}
