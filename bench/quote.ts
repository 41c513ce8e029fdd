import { median, printOptions, uploadFile, type Row, type ShopService } from './support.ts';

/**
 * Speed: the price of an order of 10 documents, each its own upload with its own options and page range,
 * as the server answers POST /api/pdf/calculate-cost on this machine (round trip on localhost), median of 30.
 */
export async function benchOrderQuote(base: string, token: string, pdf: Uint8Array): Promise<Row> {
  const headers = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = await uploadFile(base, headers, pdf, `doc-${i}.pdf`);
    ids.push(((await r.json()) as { file: { id: string } }).file.id);
  }
  const services = (await (await fetch(`${base}/api/services`)).json()) as ShopService[];
  const s = services.find((x) => x.printing_type === 'bw' && x.supports_single_side) ?? services[0]!;
  const documents = ids.map((fileId, i) => ({
    fileId,
    pageRange: i % 2 ? '1-3' : '',
    options: printOptions(s, {
      copies: 1 + i,
      spiralBinding: i % 3 === 0,
      paperBinding: false,
      transparentSheet: false,
      lamination: false,
    }),
  }));
  const body = JSON.stringify({ documents });
  const ms: number[] = [];
  let status = 0;
  for (let i = 0; i < 35; i++) {
    const t = performance.now();
    const r = await fetch(`${base}/api/pdf/calculate-cost`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    status = r.status;
    await r.arrayBuffer();
    if (i >= 5) ms.push(performance.now() - t);
  }
  const m = median(ms);
  return {
    measure: 'Quote of a 10-document order (each its own upload, options and page range), median of 30',
    result: status === 200 ? `${m.toFixed(1)} ms` : `HTTP ${status}`,
    target: '≤ 50 ms',
    pass: status === 200 && m <= 50,
  };
}
