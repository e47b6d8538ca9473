/** The file and offset a call's id names: sites and v2 calls are known by `file:offset` of their call. */
export function placeOf(id: string): [file: string, offset: number] {
  const at = id.lastIndexOf(':');
  return [id.slice(0, at), Number(id.slice(at + 1))];
}
