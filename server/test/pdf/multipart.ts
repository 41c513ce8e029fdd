/** A multipart/form-data body for app.inject, built by the platform's own FormData encoder. */
export async function multipartBody(
  content: Buffer | string,
  filename: string,
  opts: { field?: string; type?: string; extraFields?: Record<string, string> } = {},
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(opts.extraFields ?? {})) fd.append(k, v);
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  fd.append(
    opts.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'application/pdf' }),
    filename,
  );
  const req = new Request('http://shop.test/upload', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}
