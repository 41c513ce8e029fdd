import zlib from 'node:zlib';
import { writeZip, type ZipWriteEntry } from '../../src/modules/convert/zip.ts';

/**
 * Small Word, OpenDocument, PowerPoint and Excel files made on the fly, as a hostile customer would craft them:
 * pictures and text linked from outside the file (`file://…`, `http://127.0.0.1:…`, an absolute path) instead of
 * stored in it, formulas that fetch a URL, zip bombs. Each file also holds a line of ordinary text, so a test can
 * tell a converted file from a refused one.
 */

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`, 'utf8');
const deflated = (name: string, data: Buffer | string): ZipWriteEntry => ({
  name,
  data: Buffer.isBuffer(data) ? data : xml(data),
  method: 8,
});
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const NS_W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const NS_WP = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const REL_IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const REL_DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

function contentTypes(overrides: Record<string, string>, extra = ''): string {
  return `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>${extra}${Object.entries(
    overrides,
  )
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('')}</Types>`;
}

function rels(list: Array<{ id: string; type: string; target: string; external?: boolean }>): string {
  return `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(
      (r) =>
        `<Relationship Id="${r.id}" Type="${r.type}" Target="${esc(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('')}</Relationships>`;
}

/** A picture in DrawingML, taken from relationship `rid`: `r:embed` (stored in the file) or `r:link` (fetched). */
function blip(rid: string, how: 'embed' | 'link') {
  return `<pic:pic xmlns:pic="${NS_PIC}"><pic:nvPicPr><pic:cNvPr id="1" name="picture.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:${how}="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="2540000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>`;
}

export interface DocxOptions {
  text?: string;
  /** Pictures linked from outside (`a:blip r:link` with `TargetMode="External"`). */
  linkedImage?: string | string[];
  /** A picture stored in the file (word/media/image1.png). */
  embeddedImage?: Buffer;
  /** More pictures stored in the file (word/media/more<i>.png), each on its own line. */
  embeddedImages?: Buffer[];
  /** A field that pulls text or a picture from outside: INCLUDETEXT / INCLUDEPICTURE "…". */
  includeText?: string;
  includePicture?: string;
  /** Split the field's instruction over several runs, as Word may and a hostile file will. */
  splitField?: boolean;
  /** Extra bytes in the document part: makes a zip bomb when large and repetitive. */
  padding?: { bytes: number };
  /** Replace the main part's content type (a wrong one must be refused). */
  mainContentType?: string;
  /** A stored (uncompressed) entry `docProps/label.txt` holding `LABEL:<label>;`: a stand-in LibreOffice can read it. */
  label?: string;
}

export function makeDocx(o: DocxOptions = {}): Buffer {
  const relList: Array<{ id: string; type: string; target: string; external?: boolean }> = [];
  const body: string[] = [`<w:p><w:r><w:t>${esc(o.text ?? 'Hello from a Word file')}</w:t></w:r></w:p>`];
  const picture = (rid: string, how: 'embed' | 'link') =>
    `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="2540000" cy="2540000"/><wp:docPr id="${rid.length}${relList.length}" name="Picture"/><a:graphic xmlns:a="${NS_A}"><a:graphicData uri="${NS_PIC}">${blip(rid, how)}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  [o.linkedImage ?? []].flat().forEach((target, i) => {
    relList.push({ id: `rIdLink${i}`, type: REL_IMAGE, target, external: true });
    body.push(picture(`rIdLink${i}`, 'link'));
  });
  if (o.embeddedImage) {
    relList.push({ id: 'rIdEmbed', type: REL_IMAGE, target: 'media/image1.png' });
    body.push(picture('rIdEmbed', 'embed'));
  }
  (o.embeddedImages ?? []).forEach((_, i) => {
    relList.push({ id: `rIdMore${i}`, type: REL_IMAGE, target: `media/more${i}.png` });
    body.push(picture(`rIdMore${i}`, 'embed'));
  });
  const field = (instr: string) => {
    const parts = o.splitField ? [instr.slice(0, 5), instr.slice(5, 12), instr.slice(12)] : [instr];
    return `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>${parts.map((p) => `<w:r><w:instrText xml:space="preserve">${esc(p)}</w:instrText></w:r>`).join('')}<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached field result</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  };
  if (o.includeText) body.push(field(` INCLUDETEXT "${o.includeText}" `));
  if (o.includePicture) body.push(field(` INCLUDEPICTURE "${o.includePicture}" \\d `));
  if (o.padding) {
    const para = '<w:p><w:r><w:t>padding padding padding padding padding padding padding padding</w:t></w:r></w:p>';
    body.push(para.repeat(Math.ceil(o.padding.bytes / para.length)));
  }
  const documentXml = `<w:document xmlns:w="${NS_W}" xmlns:r="${NS_R}" xmlns:wp="${NS_WP}" xmlns:a="${NS_A}" xmlns:pic="${NS_PIC}"><w:body>${body.join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;
  const entries: ZipWriteEntry[] = [
    deflated(
      '[Content_Types].xml',
      contentTypes({
        '/word/document.xml':
          o.mainContentType ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      }),
    ),
    deflated('_rels/.rels', rels([{ id: 'rId1', type: REL_DOC, target: 'word/document.xml' }])),
    deflated('word/document.xml', documentXml),
    deflated('word/_rels/document.xml.rels', rels(relList)),
  ];
  if (o.embeddedImage) entries.push({ name: 'word/media/image1.png', data: o.embeddedImage, method: 0 });
  if (o.label) entries.push({ name: 'docProps/label.txt', data: Buffer.from(`LABEL:${o.label};`), method: 0 });
  (o.embeddedImages ?? []).forEach((png, i) => entries.push({ name: `word/media/more${i}.png`, data: png, method: 0 }));
  return writeZip(entries);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"';

export interface OdtOptions {
  text?: string;
  /** `draw:image xlink:href` pointing outside the file. */
  linkedImage?: string | string[];
  /** A section whose text comes from another file (`text:section-source xlink:href`). */
  linkedSection?: string;
  /** What the `mimetype` entry says (an .ods or .odp must not pass as text). */
  mimetype?: string;
  /** Whether `mimetype` is written at all. */
  withMimetype?: boolean;
  padding?: { bytes: number };
}

export function makeOdt(o: OdtOptions = {}): Buffer {
  const mimetype = o.mimetype ?? 'application/vnd.oasis.opendocument.text';
  const body: string[] = [`<text:p>${esc(o.text ?? 'Hello from an OpenDocument file')}</text:p>`];
  [o.linkedImage ?? []].flat().forEach((target, i) => {
    body.push(
      `<text:p><draw:frame draw:name="Picture${i}" text:anchor-type="as-char" svg:width="5cm" svg:height="5cm"><draw:image xlink:href="${esc(target)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
    );
  });
  if (o.linkedSection) {
    body.push(
      `<text:section text:name="Linked"><text:section-source xlink:href="${esc(o.linkedSection)}" xlink:type="simple" text:filter-name="Text"/><text:p>cached section text</text:p></text:section>`,
    );
  }
  if (o.padding) {
    const para = '<text:p>padding padding padding padding padding padding padding padding</text:p>';
    body.push(para.repeat(Math.ceil(o.padding.bytes / para.length)));
  }
  const kind = mimetype.split('.').pop();
  const officeBody =
    kind === 'spreadsheet'
      ? `<office:spreadsheet><table:table table:name="Sheet1"><table:table-row><table:table-cell office:value-type="string"><text:p>${esc(o.text ?? 'Hello')}</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>`
      : `<office:text>${body.join('')}</office:text>`;
  const content = `<office:document-content ${ODF_NS} office:version="1.3"><office:body>${officeBody}</office:body></office:document-content>`;
  const manifest = `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return writeZip([
    ...(o.withMimetype === false
      ? []
      : [{ name: 'mimetype', data: Buffer.from(mimetype, 'latin1'), method: 0 as const }]),
    deflated('content.xml', content),
    deflated('META-INF/manifest.xml', manifest),
  ]);
}

const NS_P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const PML = 'application/vnd.openxmlformats-officedocument.presentationml';

export interface PptxOptions {
  text?: string;
  linkedImage?: string | string[];
}

export function makePptx(o: PptxOptions = {}): Buffer {
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const linked = [o.linkedImage ?? []].flat();
  const picture = linked
    .map(
      (_, i) =>
        `<p:pic><p:nvPicPr><p:cNvPr id="${3 + i}" name="Picture${i}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:link="rIdLink${i}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="${914400 + i * 2700000}" y="1828800"/><a:ext cx="2540000" cy="2540000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`,
    )
    .join('');
  const slide = `<p:sld xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/><p:sp><p:nvSpPr><p:cNvPr id="2" name="Text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="914400" y="457200"/><a:ext cx="7315200" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-IN" sz="2800"/><a:t>${esc(o.text ?? 'Hello from a PowerPoint file')}</a:t></a:r></a:p></p:txBody></p:sp>${picture}</p:spTree></p:cSld></p:sld>`;
  const emptyTree =
    '<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld>';
  const master = `<p:sldMaster xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}">${emptyTree}<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`;
  const layout = `<p:sldLayout xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}" type="blank">${emptyTree}</p:sldLayout>`;
  const theme = `<a:theme xmlns:a="${NS_A}" name="Plain"><a:themeElements><a:clrScheme name="Plain"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="000000"/></a:dk2><a:lt2><a:srgbClr val="FFFFFF"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="Plain"><a:majorFont><a:latin typeface="Noto Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Noto Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Plain"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst><a:lnStyleLst><a:ln><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
  const presentation = `<p:presentation xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  return writeZip([
    deflated(
      '[Content_Types].xml',
      contentTypes({
        '/ppt/presentation.xml': `${PML}.presentation.main+xml`,
        '/ppt/slides/slide1.xml': `${PML}.slide+xml`,
        '/ppt/slideMasters/slideMaster1.xml': `${PML}.slideMaster+xml`,
        '/ppt/slideLayouts/slideLayout1.xml': `${PML}.slideLayout+xml`,
        '/ppt/theme/theme1.xml': 'application/vnd.openxmlformats-officedocument.theme+xml',
      }),
    ),
    deflated('_rels/.rels', rels([{ id: 'rId1', type: REL_DOC, target: 'ppt/presentation.xml' }])),
    deflated('ppt/presentation.xml', presentation),
    deflated(
      'ppt/_rels/presentation.xml.rels',
      rels([
        { id: 'rId1', type: `${REL}/slideMaster`, target: 'slideMasters/slideMaster1.xml' },
        { id: 'rId2', type: `${REL}/slide`, target: 'slides/slide1.xml' },
        { id: 'rId3', type: `${REL}/theme`, target: 'theme/theme1.xml' },
      ]),
    ),
    deflated('ppt/slides/slide1.xml', slide),
    deflated(
      'ppt/slides/_rels/slide1.xml.rels',
      rels([
        { id: 'rId1', type: `${REL}/slideLayout`, target: '../slideLayouts/slideLayout1.xml' },
        ...linked.map((target, i) => ({ id: `rIdLink${i}`, type: REL_IMAGE, target, external: true })),
      ]),
    ),
    deflated('ppt/slideMasters/slideMaster1.xml', master),
    deflated(
      'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      rels([
        { id: 'rId1', type: `${REL}/slideLayout`, target: '../slideLayouts/slideLayout1.xml' },
        { id: 'rId2', type: `${REL}/theme`, target: '../theme/theme1.xml' },
      ]),
    ),
    deflated('ppt/slideLayouts/slideLayout1.xml', layout),
    deflated(
      'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
      rels([{ id: 'rId1', type: `${REL}/slideMaster`, target: '../slideMasters/slideMaster1.xml' }]),
    ),
    deflated('ppt/theme/theme1.xml', theme),
  ]);
}

const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const NS_XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';

export interface XlsxOptions {
  text?: string;
  linkedImage?: string | string[];
  /** A cell with `WEBSERVICE("…")` (LibreOffice fetches the URL when it computes the cell). */
  webservice?: string;
  /** A web query (xl/connections.xml) that would refresh from this URL. */
  webQuery?: string;
}

export function makeXlsx(o: XlsxOptions = {}): Buffer {
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const cells = [`<c r="A1" t="inlineStr"><is><t>${esc(o.text ?? 'Hello from an Excel file')}</t></is></c>`];
  if (o.webservice) cells.push(`<c r="A2" t="str"><f>WEBSERVICE("${esc(o.webservice)}")</f></c>`);
  const linked = [o.linkedImage ?? []].flat();
  const drawing = linked.length ? '<drawing r:id="rIdDrawing"/>' : '';
  const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${NS_R}"><sheetData><row r="1">${cells[0]}</row>${cells[1] ? `<row r="2">${cells[1]}</row>` : ''}</sheetData>${drawing}</worksheet>`;
  const workbook = `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${NS_R}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const anchors = linked
    .map(
      (_, i) =>
        `<xdr:oneCellAnchor><xdr:from><xdr:col>${1 + i * 4}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>3</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="2540000" cy="2540000"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${2 + i}" name="Picture${i}"/><xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill><a:blip r:link="rIdLink${i}"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`,
    )
    .join('');
  const drawingXml = `<xdr:wsDr xmlns:xdr="${NS_XDR}" xmlns:a="${NS_A}" xmlns:r="${NS_R}">${anchors}</xdr:wsDr>`;
  const overrides: Record<string, string> = {
    '/xl/workbook.xml': `${SML}.sheet.main+xml`,
    '/xl/worksheets/sheet1.xml': `${SML}.worksheet+xml`,
  };
  if (linked.length)
    overrides['/xl/drawings/drawing1.xml'] = 'application/vnd.openxmlformats-officedocument.drawing+xml';
  if (o.webQuery) overrides['/xl/connections.xml'] = `${SML}.connections+xml`;
  const wbRels = [
    { id: 'rId1', type: `${REL}/worksheet`, target: 'worksheets/sheet1.xml' },
    ...(o.webQuery ? [{ id: 'rId9', type: `${REL}/connections`, target: 'connections.xml' }] : []),
  ];
  return writeZip([
    deflated('[Content_Types].xml', contentTypes(overrides)),
    deflated('_rels/.rels', rels([{ id: 'rId1', type: REL_DOC, target: 'xl/workbook.xml' }])),
    deflated('xl/workbook.xml', workbook),
    deflated('xl/_rels/workbook.xml.rels', rels(wbRels)),
    deflated('xl/worksheets/sheet1.xml', sheet),
    ...(linked.length
      ? [
          deflated(
            'xl/worksheets/_rels/sheet1.xml.rels',
            rels([{ id: 'rIdDrawing', type: `${REL}/drawing`, target: '../drawings/drawing1.xml' }]),
          ),
          deflated('xl/drawings/drawing1.xml', drawingXml),
          deflated(
            'xl/drawings/_rels/drawing1.xml.rels',
            rels(linked.map((target, i) => ({ id: `rIdLink${i}`, type: REL_IMAGE, target, external: true }))),
          ),
        ]
      : []),
    ...(o.webQuery
      ? [
          deflated(
            'xl/connections.xml',
            `<connections xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><connection id="1" name="Query" type="4" refreshedVersion="6" refreshOnLoad="1"><webPr url="${esc(o.webQuery)}" htmlTables="1"/></connection></connections>`,
          ),
        ]
      : []),
  ]);
}

/** A zip whose entries declare and hold `entries` files of `bytesEach` zeros: the classic zip bomb, in a DOCX's clothes. */
export function zipBombDocx(o: { bytesEach: number; entries: number }): Buffer {
  const zeros = Buffer.alloc(o.bytesEach);
  const raw = { bytes: zlib.deflateRawSync(zeros, { level: 9 }), crc: zlib.crc32(zeros) >>> 0, size: o.bytesEach };
  return writeZip([
    deflated(
      '[Content_Types].xml',
      contentTypes({
        '/word/document.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      }),
    ),
    deflated('_rels/.rels', rels([{ id: 'rId1', type: REL_DOC, target: 'word/document.xml' }])),
    deflated(
      'word/document.xml',
      `<w:document xmlns:w="${NS_W}"><w:body><w:p><w:r><w:t>bomb</w:t></w:r></w:p></w:body></w:document>`,
    ),
    ...Array.from({ length: o.entries }, (_, i) => ({
      name: `word/media/zeros${i}.bin`,
      data: Buffer.alloc(0),
      method: 8 as const,
      raw,
    })),
  ]);
}

/**
 * A Compound File (OLE2) container holding `streams` at its root, as Word 97-2003, Excel 97-2003, PowerPoint
 * 97-2003 and encrypted Office files are: version 3, 512-byte sectors, each stream padded to 4096 bytes so none
 * lives in the mini stream. Enough for the shop's detection, not for an office application to open.
 */
export function makeOle(streams: Record<string, Buffer>): Buffer {
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const NONE = 0xffffffff;
  const names = Object.keys(streams);
  const dirSectors = Math.ceil((names.length + 1) / 4);
  const bodies = names.map((n) => {
    const data = streams[n]!;
    const padded = Buffer.alloc(Math.max(4096, Math.ceil(data.length / 512) * 512));
    data.copy(padded);
    return padded;
  });
  const fat: number[] = [0xfffffffd];
  for (let i = 0; i < dirSectors; i++) fat.push(i === dirSectors - 1 ? END : fat.length + 1);
  const starts: number[] = [];
  for (const body of bodies) {
    starts.push(fat.length);
    const count = body.length / 512;
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? END : fat.length + 1);
  }
  if (fat.length > 128) throw new Error('makeOle: too large for one FAT sector');
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);
  const fatSector = Buffer.alloc(512, 0xff);
  fat.forEach((v, i) => fatSector.writeUInt32LE(v >>> 0, i * 4));
  const dir = Buffer.alloc(dirSectors * 512, 0);
  const entry = (i: number, name: string, type: number, start: number, size: number, right: number, child: number) => {
    const e = i * 128;
    dir.write(name, e, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, e + 0x40);
    dir[e + 0x42] = type;
    dir[e + 0x43] = 1;
    dir.writeUInt32LE(NONE, e + 0x44);
    dir.writeUInt32LE(right, e + 0x48);
    dir.writeUInt32LE(child, e + 0x4c);
    dir.writeUInt32LE(start >>> 0, e + 0x74);
    dir.writeUInt32LE(size, e + 0x78);
  };
  entry(0, 'Root Entry', 5, END, 0, NONE, names.length ? 1 : NONE);
  names.forEach((n, i) => entry(i + 1, n, 2, starts[i]!, bodies[i]!.length, i + 1 < names.length ? i + 2 : NONE, NONE));
  return Buffer.concat([header, fatSector, dir, ...bodies]);
}

/** A Word 97-2003 text stream's start: the FIB's wIdent, with the fEncrypted flag when `encrypted`. */
export function wordFib(encrypted = false): Buffer {
  const fib = Buffer.alloc(4096);
  fib.writeUInt16LE(0xa5ec, 0);
  fib.writeUInt16LE(encrypted ? 0x0100 : 0, 0x0a);
  return fib;
}
