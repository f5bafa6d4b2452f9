/**
 * A dependency loaded the first time it is needed rather than when the server starts: a
 * protocol library most installations never use (no protobuf or flatbuffers client ever
 * connects) then costs neither start-up time nor resident memory.
 */
import { createRequire } from 'node:module';

/**
 * A function that loads `specifier` (a CommonJS package, resolved from `from`, the caller's
 * `import.meta.url`) on its first call and hands back the same module on every call. Loading is
 * synchronous, so the codecs that use it keep their synchronous interfaces; `prepare` turns the
 * module into what the caller needs (a parsed `.proto` file, say), once.
 */
export function onFirstUse<Module, Prepared = Module>(
  specifier: string,
  from: string | URL,
  prepare: (module: Module) => Prepared = (module) => module as unknown as Prepared,
): () => Prepared {
  let prepared: { value: Prepared } | undefined;
  return () => {
    if (!prepared) {
      const module = createRequire(from)(specifier) as Module;
      prepared = { value: prepare(module) };
    }
    return prepared.value;
  };
}
