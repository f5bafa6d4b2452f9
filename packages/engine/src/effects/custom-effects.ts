/**
 * create-effect and delete-effect: custom effect definitions written to and removed from the
 * custom effects folder, with Hyperion.ng's rules (hyperion.md §7). Failures are engine error
 * codes; the server words them as Hyperion.ng's replies, clearer where ng only says "consult the
 * log".
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { isJsonObject } from '@glowkit/protocol';
import { type EngineResult, failed } from '../errors.js';
import { validateEffectArgs } from './effect-args.js';
import type { EffectCatalogue, EffectDefinition } from './effect-catalogue.js';

/** What create-effect and delete-effect answer. */
export type CustomEffectResult = EngineResult<{
  /** The definition file written or removed. */
  file: string;
  /** The image written (create) or removed (delete) with it, if any. */
  image?: string;
}>;

/** The `create-effect` request. */
export interface CreateEffectRequest {
  name: string;
  /** The script, as serverinfo and `config getschema` show it (`:/effects/pulse.py`) or absolute. */
  script: string;
  args: Record<string, unknown>;
  /** Base64 image for the `file` arg of image effects (a `data:` URL prefix is accepted). */
  imageData?: string;
}

const IMAGE_EXTENSIONS = new Set(['.gif', '.png', '.jpg', '.jpeg', '.bmp', '.webp']);

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e?.code ? `${e.code}: ${e.message}` : String((e as Error)?.message ?? error);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a file so that readers see the old content or the new, never a part: the data goes to
 * a hidden temporary file in the same folder (so a catalogue load never picks it up), is flushed
 * to disk, and is renamed over the target. On failure the temporary file is removed.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array | AsyncIterable<Uint8Array>,
): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(temp, 'wx', 0o644);
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
    else for await (const chunk of data) await handle.write(chunk);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => {});
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** `<dir>/<base>.json`, or `<base>-2.json`, … when another file already has that name. */
async function freeDefinitionFile(dir: string, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.json`);
    if (!(await exists(file))) return file;
  }
}

/** The bytes of base64 `imageData`, or undefined when it is not base64. */
function decodeImage(imageData: string): Uint8Array | undefined {
  const text = imageData.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (text === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) {
    return undefined;
  }
  return Buffer.from(text, 'base64');
}

/** Why a name cannot be a custom effect's, or undefined when it can. */
function refuseName(catalogue: EffectCatalogue, name: string): CustomEffectResult | undefined {
  // A name starting with '.' would give a hidden file, which the catalogue (like ng) skips.
  if (typeof name !== 'string' || name.trim() === '' || /^[:.]/.test(name.replaceAll(' ', ''))) {
    return failed('effect-name-empty', { name: String(name) });
  }
  // The name becomes a file name: a path in it could write outside the custom folder.
  if (/[/\\]|\.\./.test(name) || /\p{Cc}/u.test(name))
    return failed('effect-name-unsafe', { name });
  // A custom file that already overrides a bundled name may be saved again, as in ng.
  const current = catalogue.find(name);
  if (current ? current.system : catalogue.bundledNames.has(name)) {
    return failed('effect-name-internal', { name });
  }
  if (catalogue.options.disable.includes(name)) return failed('effect-name-disabled', { name });
  return undefined;
}

/**
 * Saves a custom effect definition (`create-effect`), following Hyperion.ng's steps: args must be
 * non-empty, the script must have a known option schema, the args must validate against it, the
 * name must be usable. An existing custom effect of that name is overwritten; a new one goes to
 * `<first custom folder>/<name without spaces>.json`.
 *
 * Differences from ng, for the user's sake: a failed validation lists every problem in
 * `details` (ng: "consult the log"); a name in `effects.disable` is refused (it would never
 * load); a new effect never overwrites another file that happens to have its file name
 * (`-2`, `-3`, … are added); the file is written atomically; the script is stored as clients
 * show it (`:/effects/x.py` for bundled scripts), so the file survives a move of the install;
 * with `imageData` the image is written beside the definition and `args.file` points at it, and
 * `args.imageSource` `url`/`file` drops the other key without losing that path (ng loses it).
 *
 * The catalogue is not reloaded here: the caller loads a new one afterwards.
 */
export async function createCustomEffect(
  catalogue: EffectCatalogue,
  request: CreateEffectRequest,
): Promise<CustomEffectResult> {
  const { name, script, args, imageData } = request;
  if (!isJsonObject(args) || Object.keys(args).length === 0)
    return failed('effect-args-missing', {});
  const schema = typeof script === 'string' ? catalogue.schemaFor(script) : undefined;
  if (!schema) {
    return failed('effect-script-unknown', {
      script: String(script),
      known: catalogue.schemas.map((s) => s.script),
    });
  }
  const violations = validateEffectArgs(schema.schemaContent, args);
  if (violations.length > 0) return failed('effect-args-invalid', { violations });
  const refused = refuseName(catalogue, name);
  if (refused) return refused;

  const existing = catalogue.find(name);
  let file: string;
  if (existing) {
    file = existing.file;
  } else {
    const dir = catalogue.customDirs[0];
    if (!dir) return failed('custom-folder-missing', {});
    file = await freeDefinitionFile(dir, name.replaceAll(' ', ''));
  }
  const dir = path.dirname(file);
  try {
    await mkdir(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    return failed('custom-folder-failed', { dir, reason: reason(error) });
  }

  const saved: Record<string, unknown> = { ...args };
  if (saved.imageSource === 'url') delete saved.file;
  else if (saved.imageSource === 'file') delete saved.url;
  let image: string | undefined;
  if (imageData && typeof saved.file === 'string' && saved.file !== '') {
    const bytes = decodeImage(imageData);
    const imageName = path.basename(saved.file.replaceAll('\\', '/'));
    if (!bytes) return failed('image-data-invalid', {});
    if (imageName === '' || imageName === '.' || imageName === '..') {
      return failed('image-name-invalid', { file: saved.file });
    }
    image = path.join(dir, imageName);
    try {
      // Before the definition, so a saved definition never points at a missing image.
      await writeFileAtomic(image, bytes);
    } catch (error) {
      return failed('image-write-failed', { file: image, reason: reason(error) });
    }
    saved.file = image;
  }

  const content = `${JSON.stringify({ name, script: schema.script, args: saved }, null, 2)}\n`;
  try {
    await writeFileAtomic(file, content);
  } catch (error) {
    return failed('definition-write-failed', { file, reason: reason(error) });
  }
  return image ? { ok: true, file, image } : { ok: true, file };
}

/**
 * The image a custom effect brought along (its `file` arg), when deleting the effect should
 * delete it too: an image file inside a custom folder that no other effect uses.
 */
function ownedImage(catalogue: EffectCatalogue, effect: EffectDefinition): string | undefined {
  const resolveFile = (e: EffectDefinition) =>
    typeof e.args.file === 'string' && e.args.file !== ''
      ? path.resolve(path.dirname(e.file), e.args.file)
      : undefined;
  const image = resolveFile(effect);
  if (!image || !IMAGE_EXTENSIONS.has(path.extname(image).toLowerCase())) return undefined;
  const inCustomDir = catalogue.customDirs.some((dir) => {
    const relative = path.relative(dir, image);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  });
  if (!inCustomDir) return undefined;
  const shared = catalogue.effects.some((e) => e !== effect && resolveFile(e) === image);
  return shared ? undefined : image;
}

/**
 * Deletes a custom effect's definition file (`delete-effect`), failing as Hyperion.ng does: an
 * unknown name, a bundled (internal) effect, a definition file that is gone or cannot be
 * deleted.
 * The effect's image (its `file` arg) goes too when it lives in a custom folder and no other
 * effect uses it.
 *
 * The catalogue is not reloaded here: the caller loads a new one afterwards (a bundled effect of
 * the same name, if any, then shows again).
 */
export async function deleteCustomEffect(
  catalogue: EffectCatalogue,
  name: string,
): Promise<CustomEffectResult> {
  const effect = catalogue.find(name);
  if (!effect) return failed('effect-not-found', { name });
  if (effect.system) return failed('effect-internal', { name });
  if (!(await exists(effect.file))) return failed('definition-missing', { file: effect.file });
  const image = ownedImage(catalogue, effect);
  try {
    await unlink(effect.file);
  } catch (error) {
    return failed('definition-delete-failed', { file: effect.file, reason: reason(error) });
  }
  if (image) {
    try {
      await unlink(image);
      return { ok: true, file: effect.file, image };
    } catch {
      // The effect is gone, which is what was asked; a leftover image harms nothing.
    }
  }
  return { ok: true, file: effect.file };
}
