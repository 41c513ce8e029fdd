import fs from 'node:fs';
import v8 from 'node:v8';

type WasmApi = {
  Module: new (bytes: Uint8Array) => object;
  instantiate(module: object, imports: object): Promise<object>;
};
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** `npm run serve`'s V8 flags that keep WebAssembly on its baseline compiler (decision 005), and their opposites. */
const BASELINE_ONLY = ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];
const OPTIMISING = ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering'];

/**
 * mupdf's WebAssembly, compiled once and handed to the threads that read and print PDFs (V8 shares the compiled
 * code between threads): each then costs about 20 MB less and starts faster. null when it cannot be found or
 * compiled; a worker then compiles it itself.
 *
 * Decision 052: the server runs with `--liftoff-only`, which keeps PGlite's WebAssembly (and everything else's) off
 * V8's optimising compiler to save memory (decision 005). mupdf alone is let through: V8 decides a module's tiers
 * when it compiles it, so the flag is lifted for this one synchronous compile and put back before any other code of
 * this thread runs. mupdf's hot functions (parsing object streams, inflating) then get optimised as they are used:
 * the 3,097-page file reads in about two thirds of the CPU time, for a few MB of optimised code while PDF workers
 * live.
 */
export function compileMupdf(): object | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(new URL('./mupdf-wasm.wasm', import.meta.resolve('mupdf')));
  } catch {
    return null;
  }
  const lifted = process.execArgv.includes('--liftoff-only');
  if (lifted) for (const flag of OPTIMISING) v8.setFlagsFromString(flag);
  try {
    return new wasm.Module(bytes);
  } catch {
    return null;
  } finally {
    if (lifted) for (const flag of BASELINE_ONLY) v8.setFlagsFromString(flag);
  }
}

/**
 * In a thread about to import mupdf: makes mupdf's loader take this compiled module instead of compiling its own
 * (its Emscripten loader reads its options from the `$libmupdf_wasm_Module` global). Nothing when `module` is null.
 */
export function useCompiledMupdf(module: object | null): void {
  if (!module) return;
  (globalThis as Record<string, unknown>).$libmupdf_wasm_Module = {
    instantiateWasm(imports: object, done: (instance: object, module: object) => void) {
      void wasm.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  };
}
