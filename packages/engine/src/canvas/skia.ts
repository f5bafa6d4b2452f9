/**
 * The Skia canvas library (@napi-rs/canvas), loaded when the first effect draws rather than when
 * the engine is imported: its native library costs about 20 MB of resident memory, and most
 * instances (colours, pictures, effects that only set colours) never draw. It is a CommonJS
 * package, so it loads synchronously here, on the frame path's first drawing call.
 */
import { createRequire } from 'node:module';

type SkiaModule = typeof import('@napi-rs/canvas');

let loaded: SkiaModule | undefined;

/** The @napi-rs/canvas module, loaded on the first call. */
export function skia(): SkiaModule {
  loaded ??= createRequire(import.meta.url)('@napi-rs/canvas') as SkiaModule;
  return loaded;
}
