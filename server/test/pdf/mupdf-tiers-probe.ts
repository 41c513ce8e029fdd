/**
 * Run by mupdf-tiers.test.ts in a Node of its own, with the server's `--liftoff-only` and V8's test natives: reads a
 * PDF with mupdf loaded either as the shop loads it (`shop`: lib/mupdf-wasm.ts) or as mupdf loads itself (`own`), then
 * a small module compiled afterwards, and prints which of their functions V8 optimised.
 */
import fs from 'node:fs';
import { compileMupdf } from '../../src/lib/mupdf-wasm.ts';

const [how, file] = process.argv.slice(2) as ['shop' | 'own', string];
type Fn = (...a: number[]) => number;
const optimised = new Function('f', 'return !%IsUncompiledWasmFunction(f) && !%IsLiftoffFunction(f)') as (
  f: Fn,
) => boolean;
// The server compiles without the DOM's WebAssembly types: the part used here.
type Instance = { exports: Record<string, unknown> };
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object) => Instance;
      instantiate(module: object, imports: object): Promise<Instance>;
    };
  }
).WebAssembly;

let exports: Record<string, unknown> = {};
const compiled = how === 'shop' ? compileMupdf() : null;
// The shop's loader hand-over (useCompiledMupdf), or mupdf compiling its own, with the instance's exports kept.
(globalThis as Record<string, unknown>).$libmupdf_wasm_Module = {
  instantiateWasm(imports: object, done: (i: Instance, m: object) => void) {
    const module =
      compiled ?? new wasm.Module(fs.readFileSync(new URL('./mupdf-wasm.wasm', import.meta.resolve('mupdf'))));
    void wasm.instantiate(module, imports).then((instance) => {
      exports = instance.exports;
      done(instance, module);
    });
    return {};
  },
};
const { analyzePdfFile } = await import('../../src/modules/pdf/pdf-analyzer.ts');
for (let i = 0; i < 30; i++) analyzePdfFile(file);
// A module compiled after mupdf (as PGlite's may be): its one function f(n) adds n, n-1, … 1 in a loop, run hot.
// prettier-ignore
const body = [
  1, 1, 0x7f, // one i32 local: the sum
  0x02, 0x40, 0x03, 0x40, // block, loop
  0x20, 0, 0x45, 0x0d, 1, // n = 0: out of the block
  0x20, 1, 0x20, 0, 0x6a, 0x21, 1, // sum += n
  0x20, 0, 0x41, 1, 0x6b, 0x21, 0, // n -= 1
  0x0c, 0, 0x0b, 0x0b, // round again; end of loop and block
  0x20, 1, 0x0b, // the sum
];
// prettier-ignore
const other = new wasm.Module(new Uint8Array([
  0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, // "\0asm", version 1
  1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f, // types: (i32) -> i32
  3, 2, 1, 0, // functions: one, of that type
  7, 5, 1, 1, 0x66, 0, 0, // exports: it, as "f"
  0x0a, body.length + 2, 1, body.length, ...body, // code
]));
const loop = new wasm.Instance(other).exports.f as Fn;
for (let i = 0; i < 3000; i++) loop(100_000);
await new Promise((r) => setTimeout(r, 1000));
for (let i = 0; i < 100; i++) loop(100_000);
const fns = Object.values(exports).filter((f): f is Fn => typeof f === 'function');
console.log(
  JSON.stringify({
    mupdfOptimised: fns.filter(optimised).length,
    mupdfFunctions: fns.length,
    otherOptimised: optimised(loop),
  }),
);
