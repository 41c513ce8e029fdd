/**
 * A hard ceiling on the WebAssembly heap of the thread it runs in (the PDF worker). V8's heap limits do not cover
 * WebAssembly memory, and mupdf's heap only ever grows: a file whose content inflates to gigabytes would take the
 * machine. mupdf's runtime grows its memory from JavaScript (`Memory.prototype.grow`, called when malloc runs
 * short); refusing a growth past the cap makes that malloc fail, mupdf raises an error ("malloc … failed") that
 * the reader turns into a clear refusal, and the heap never passes the cap. Measured, not assumed: a test reads a
 * file under a small cap and checks both the refusal and the heap size.
 */

const PAGE = 65536;

/** The part of WebAssembly.Memory used here (the server compiles without the DOM's WebAssembly types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(delta: number): number;
}
/** Marks the prototype once capped (a symbol: nothing else can collide with it). */
const CAPPED = Symbol.for('shop.wasmHeapCap');
const memoryPrototype = (
  globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory & { [CAPPED]?: boolean } } } }
).WebAssembly.Memory.prototype;
let capBytes = Number.POSITIVE_INFINITY;
let largest = 0;
let refusals = 0;

/** Installs the cap for every WebAssembly memory of this thread (only mupdf's lives in the PDF worker). */
export function installWasmHeapCap(bytes: number): void {
  capBytes = bytes;
  const proto = memoryPrototype;
  if (proto[CAPPED]) return;
  const grow = proto.grow;
  Object.defineProperty(proto, CAPPED, { value: true });
  proto.grow = function capped(this: WasmMemory, delta: number): number {
    const next = this.buffer.byteLength + delta * PAGE;
    if (next > capBytes) {
      refusals++;
      throw new RangeError(`WebAssembly heap cap of ${capBytes} bytes reached`);
    }
    const previous = grow.call(this, delta);
    largest = Math.max(largest, this.buffer.byteLength);
    return previous;
  };
}

/**
 * How many growths the cap has refused so far. mupdf does not always say "malloc failed" when one fails deep inside
 * (opening a file, it may try a repair and report that instead), so the worker compares this before and after a job.
 */
export function wasmHeapRefusals(): number {
  return refusals;
}

/** The largest heap this thread has grown to (0 before the first growth). */
export function wasmHeapBytes(): number {
  return largest;
}
