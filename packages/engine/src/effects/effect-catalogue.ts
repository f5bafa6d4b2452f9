/**
 * The effect catalogue: effect definitions and option schemas read from the bundled effects
 * folder and the custom folders of `effects.paths`, checked with @glowkit/effect-schema, in
 * Hyperion.ng's order and with its override rules (hyperion.md §7, engine.md §2 "Definitions").
 */
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  checkEffectDefinition,
  type Diagnostic,
  lintEffectSchema,
  parseJsonFile,
} from '@glowkit/effect-schema';
import { type EffectFileProblem, type EffectInfo, isJsonObject } from '@glowkit/protocol';

/** How Hyperion.ng names files of its bundled effects, and so how clients send them back. */
export const BUNDLED_PREFIX = ':/effects/';

/** One loaded effect definition: a name, the script to run and the args it runs with. */
export interface EffectDefinition {
  name: string;
  /** Absolute path of the definition file. */
  file: string;
  /** Absolute path of the script. */
  script: string;
  /** The definition's args; frozen, as they are shared by every run and by serverinfo. */
  args: Record<string, unknown>;
  /** The option schema of the script. */
  schema: Record<string, unknown> | undefined;
  /** Absolute path of the option schema file. */
  schemaFile: string | undefined;
  /** Whether the definition is bundled with Glowkit (and so cannot be deleted or replaced). */
  system: boolean;
  /** Its Glowkit-only `"network": true`: the script may use the network. */
  network: boolean;
}

/** A file (or folder) that could not be loaded, and why (`serverinfo.effectProblems`). */
export type CatalogueProblem = EffectFileProblem;

/** An option schema, as `config getschema` reports it under `properties.effectSchemas`. */
export interface EffectSchemaInfo {
  /** The script as clients see and send it: `:/effects/<x>.py` when bundled, else absolute. */
  script: string;
  /** The schema file, shown the same way as `script`. */
  schemaLocation: string;
  schemaContent: Record<string, unknown>;
  type: 'system' | 'custom';
  /** Absolute path of the script. */
  scriptFile: string;
  /** Absolute path of the schema file. */
  schemaFile: string;
}

/** Where the catalogue looks. */
export interface CatalogueOptions {
  /** The bundled effects folder (the repository's `effects/`). */
  bundledDir: string;
  /**
   * `effects.paths`: custom folders, read after the bundled one. `$ROOT` is replaced by
   * `rootDir`; a relative path is taken relative to `rootDir` (Hyperion.ng takes it relative to
   * its working directory, which depends on how the service was started).
   */
  paths: readonly string[];
  /** `effects.disable`: names of effects to leave out (exact match). */
  disable: readonly string[];
  /** The user data folder. */
  rootDir: string;
}

interface Folder {
  dir: string;
  system: boolean;
}

/** What a definition needs from the schemas while loading. */
interface SchemaIndex {
  valid: Map<string, EffectSchemaInfo>;
  /** Source text of schemas that have errors, by script, so definitions can say why. */
  broken: Map<string, string>;
}

/** An entry of `serverinfo.effects` (protocol's `EffectInfo`). */
export type ServerInfoEffect = EffectInfo;

/**
 * The effects that can run, with the problems of the files that could not be loaded.
 * Load it with {@link EffectCatalogue.load}; it never changes afterwards: after a change on disk
 * (create-effect, delete-effect, a settings change) load a new one.
 */
export class EffectCatalogue {
  /** The loaded definitions, sorted by name in code-unit order (as Hyperion.ng's QMap). */
  readonly effects: readonly EffectDefinition[];
  /** Files that were left out, in the order they were read. */
  readonly problems: readonly CatalogueProblem[];
  /** The valid option schemas, bundled first, each folder in file name order. */
  readonly schemas: readonly EffectSchemaInfo[];
  #serverInfo: readonly ServerInfoEffect[] | undefined;
  readonly options: CatalogueOptions;
  /** The bundled folder, absolute. */
  readonly bundledDir: string;
  /** The custom folders of `effects.paths`, absolute, `$ROOT` replaced, in order. */
  readonly customDirs: readonly string[];
  /** Names defined in the bundled folder, including disabled ones. */
  readonly bundledNames: ReadonlySet<string>;
  readonly #byName: Map<string, EffectDefinition>;
  readonly #schemaByScript: Map<string, EffectSchemaInfo>;

  private constructor(init: {
    options: CatalogueOptions;
    bundledDir: string;
    customDirs: string[];
    effects: EffectDefinition[];
    problems: CatalogueProblem[];
    schemas: EffectSchemaInfo[];
    bundledNames: Set<string>;
  }) {
    this.options = init.options;
    this.bundledDir = init.bundledDir;
    this.customDirs = init.customDirs;
    this.effects = init.effects;
    this.problems = init.problems;
    this.schemas = init.schemas;
    this.bundledNames = init.bundledNames;
    this.#byName = new Map(init.effects.map((e) => [e.name, e]));
    this.#schemaByScript = new Map(init.schemas.map((s) => [s.scriptFile, s]));
  }

  /**
   * Reads the bundled folder, then each custom folder: first every `schema/*.json`, then every
   * `*.json` definition, in case-insensitive file name order. A later definition of the same name
   * replaces an earlier one. A missing custom folder is created (mode 0755, less the umask) and
   * holds nothing yet, so it is not scanned.
   *
   * Never rejects: a definition whose JSON, structure, script, schema or args are bad becomes a
   * problem (with @glowkit/effect-schema's diagnostics) and is left out; the others load.
   */
  static async load(options: CatalogueOptions): Promise<EffectCatalogue> {
    const bundledDir = path.resolve(options.bundledDir);
    const problems: CatalogueProblem[] = [];
    const customDirs: string[] = [];
    for (const [i, entry] of (options.paths as readonly unknown[]).entries()) {
      // Settings come from users: a bad entry is skipped, never a crash.
      if (typeof entry !== 'string' || entry.trim() === '') {
        const shown = `effects.paths/${i}`;
        problems.push(folderProblem(shown, 'is not a folder path; ignored', 'effects-paths'));
        continue;
      }
      const dir = path.resolve(options.rootDir, entry.replaceAll('$ROOT', options.rootDir));
      if (dir !== bundledDir && !customDirs.includes(dir)) customDirs.push(dir);
    }
    const folders: Folder[] = [
      { dir: bundledDir, system: true },
      ...customDirs.map((dir) => ({ dir, system: false })),
    ];
    const listings = await Promise.all(folders.map(listFolder));
    for (const listing of listings) problems.push(...listing.problems);

    const index: SchemaIndex = { valid: new Map(), broken: new Map() };
    const schemas: EffectSchemaInfo[] = [];
    const display = (file: string) => displayPath(bundledDir, file);
    for (const [i, folder] of folders.entries()) {
      for (const file of listings[i]?.schemas ?? []) {
        try {
          const loaded = await loadSchema(file, folder, display, index, problems);
          if (loaded) schemas.push(loaded);
        } catch (error) {
          problems.push(unexpected(file, error));
        }
      }
    }

    const disabled = new Set(options.disable);
    const bundledNames = new Set<string>();
    const byName = new Map<string, EffectDefinition>();
    for (const [i, folder] of folders.entries()) {
      for (const file of listings[i]?.definitions ?? []) {
        const result = await loadDefinition(file, folder, bundledDir, index).catch((error) =>
          unexpected(file, error),
        );
        if ('messages' in result) {
          problems.push(result);
          continue;
        }
        if (folder.system) bundledNames.add(result.name);
        if (!disabled.has(result.name)) byName.set(result.name, result);
      }
    }
    const effects = [...byName.values()].sort((a, b) => compareCodeUnits(a.name, b.name));
    return new EffectCatalogue({
      options,
      bundledDir,
      customDirs,
      effects,
      problems,
      schemas,
      bundledNames,
    });
  }

  /** The definition with exactly this name (case-sensitive), if it is loaded. */
  find(name: string): EffectDefinition | undefined {
    return this.#byName.get(name);
  }

  /**
   * The option schema of a script, given as serverinfo shows it (`:/effects/pulse.py`) or as an
   * absolute path.
   */
  schemaFor(script: string): EffectSchemaInfo | undefined {
    let file: string | undefined;
    if (script.startsWith(BUNDLED_PREFIX)) {
      file = path.join(this.bundledDir, script.slice(BUNDLED_PREFIX.length));
    } else if (path.isAbsolute(script)) {
      file = path.resolve(script);
    }
    return file === undefined ? undefined : this.#schemaByScript.get(file);
  }

  /**
   * The folders in which an effect's `:name` pictures are looked up, in order: beside its
   * definition, beside its script, each `effects.paths` folder, the bundled folder. So an effect
   * folder copied from Hyperion.ng with its GIFs runs as it is, and pictures may be shared.
   * @param effect a definition, or the absolute `script` of an effect run without one.
   */
  resourceDirs(effect: { file?: string; script: string }): string[] {
    const dirs = [
      ...(effect.file === undefined ? [] : [path.dirname(effect.file)]),
      path.dirname(effect.script),
      ...this.customDirs,
      this.bundledDir,
    ];
    return [...new Set(dirs)];
  }

  /** A path as clients see it: `:/effects/<relative path>` inside the bundled folder. */
  displayPath(file: string): string {
    return displayPath(this.bundledDir, file);
  }

  /**
   * The `effects` entries of serverinfo: `{ name, file, script, args }`. Bundled files are shown
   * as `:/effects/<file name>` like Hyperion.ng's system effects, so clients that send those
   * paths back (ng's UI sends `:/effects/x.py` to create-effect) keep working; custom files
   * carry absolute paths.
   */
  serverInfo(): readonly ServerInfoEffect[] {
    // A catalogue never changes once loaded (a reload makes a new one): build the list once,
    // not on every serverinfo.
    this.#serverInfo ??= this.effects.map((e) => ({
      name: e.name,
      file: this.displayPath(e.file),
      script: this.displayPath(e.script),
      args: e.args,
    }));
    return this.#serverInfo;
  }
}

/** Sorts as Qt's QString `<` and C++'s `std::map`: by UTF-16 code unit, not by locale. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Case-insensitive name order (QDir::Name | QDir::IgnoreCase), exact order breaking ties. */
function compareFileNames(a: string, b: string): number {
  return compareCodeUnits(a.toLowerCase(), b.toLowerCase()) || compareCodeUnits(a, b);
}

function displayPath(bundledDir: string, file: string): string {
  const relative = path.relative(bundledDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file;
  return BUNDLED_PREFIX + relative.split(path.sep).join('/');
}

function folderProblem(file: string, message: string, rule: string): CatalogueProblem {
  return { file, messages: [`${file}: ${message} (${rule})`] };
}

/** A failure of this code rather than of the file: reported, so one file never stops a load. */
function unexpected(file: string, error: unknown): CatalogueProblem {
  return folderProblem(file, `could not be loaded: ${reason(error)}`, 'internal-error');
}

function located(file: string, diagnostics: readonly Diagnostic[]): CatalogueProblem {
  return {
    file,
    messages: diagnostics.map((d) => `${file}:${d.line}:${d.column} ${d.message} (${d.ruleId})`),
  };
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e?.code ? `${e.code}: ${e.message}` : String((e as Error)?.message ?? error);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The `*.json` files of a folder (symbolic links followed, hidden files skipped), sorted;
 * [] when there is none.
 */
async function jsonFiles(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of entries) {
    // Hidden files are skipped as ng's QDir does; atomic writes use hidden temporary files.
    if (!/\.json$/i.test(entry.name) || entry.name.startsWith('.')) continue;
    if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(path.join(dir, entry.name))))) {
      names.push(entry.name);
    }
  }
  return names.sort(compareFileNames).map((name) => path.join(dir, name));
}

/** Makes sure a folder exists (creating a custom one) and lists its definitions and schemas. */
async function listFolder(
  folder: Folder,
): Promise<{ definitions: string[]; schemas: string[]; problems: CatalogueProblem[] }> {
  const problems: CatalogueProblem[] = [];
  const none = { definitions: [], schemas: [], problems };
  try {
    const info = await stat(folder.dir);
    if (!info.isDirectory()) {
      problems.push(
        folderProblem(folder.dir, 'is not a folder; fix effects.paths', 'effects-folder'),
      );
      return none;
    }
  } catch (error) {
    if (folder.system) {
      problems.push(
        folderProblem(
          folder.dir,
          `the bundled effects folder can't be read (${reason(error)}); reinstall Glowkit`,
          'effects-folder',
        ),
      );
      return none;
    }
    try {
      // A folder that did not exist holds nothing yet: created for create-effect, not scanned.
      await mkdir(folder.dir, { recursive: true, mode: 0o755 });
    } catch (mkdirError) {
      problems.push(
        folderProblem(
          folder.dir,
          `can't create the custom effects folder (${reason(mkdirError)}); check effects.paths and permissions`,
          'effects-folder',
        ),
      );
    }
    return none;
  }
  const [definitions, schemas] = await Promise.all([
    jsonFiles(folder.dir),
    jsonFiles(path.join(folder.dir, 'schema')),
  ]);
  return { definitions, schemas, problems };
}

async function readText(file: string, problems: CatalogueProblem[]): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    problems.push(folderProblem(file, `can't be read (${reason(error)})`, 'read-error'));
    return undefined;
  }
}

/**
 * Lints one schema file and finds its script in the schema's folder's parent. Valid schemas are
 * returned and indexed by script; broken ones are indexed too, so that their definitions report
 * the schema's errors rather than a missing schema.
 */
async function loadSchema(
  file: string,
  folder: Folder,
  display: (file: string) => string,
  index: SchemaIndex,
  problems: CatalogueProblem[],
): Promise<EffectSchemaInfo | undefined> {
  const text = await readText(file, problems);
  if (text === undefined) return undefined;
  const parsed = parseJsonFile(text);
  const value = parsed.ok && isJsonObject(parsed.value) ? parsed.value : undefined;
  const script = typeof value?.script === 'string' && value.script !== '' ? value.script : '';
  const scriptFile = script ? path.join(folder.dir, script) : '';
  const diagnostics = lintEffectSchema(text).filter((d) => d.severity === 'error');
  if (parsed.ok && script && !(await isFile(scriptFile))) {
    const at = parsed.document.locate('/script');
    diagnostics.push({
      ruleId: 'schema-script',
      severity: 'error',
      message: `the script "${script}" of this schema is not in ${folder.dir}; add it or fix "script"`,
      pointer: '/script',
      line: at.line,
      column: at.column,
    });
  }
  if (diagnostics.length > 0 || !value || !scriptFile) {
    if (scriptFile && !index.broken.has(scriptFile)) index.broken.set(scriptFile, text);
    problems.push(located(file, diagnostics));
    return undefined;
  }
  const first = index.valid.get(scriptFile);
  if (first) {
    problems.push(
      folderProblem(
        file,
        `a second schema for ${display(scriptFile)}; ${first.schemaFile} is used, remove one of them`,
        'schema-duplicate',
      ),
    );
    return undefined;
  }
  const info: EffectSchemaInfo = {
    script: display(scriptFile),
    schemaLocation: display(file),
    schemaContent: deepFreeze(value),
    type: folder.system ? 'system' : 'custom',
    scriptFile,
    schemaFile: file,
  };
  index.valid.set(scriptFile, info);
  return info;
}

/**
 * Where a definition's script is: `:/effects/x.py` in the bundled folder, an absolute path as
 * is when it exists, else next to the definition (Hyperion.ng's rule).
 */
async function resolveScript(script: string, dir: string, bundledDir: string): Promise<string> {
  if (script.startsWith(BUNDLED_PREFIX)) {
    return path.join(bundledDir, script.slice(BUNDLED_PREFIX.length));
  }
  if (path.isAbsolute(script) && (await isFile(script))) return path.resolve(script);
  return path.join(dir, script);
}

/** Reads and checks one definition file: the definition, or the problem that keeps it out. */
async function loadDefinition(
  file: string,
  folder: Folder,
  bundledDir: string,
  index: SchemaIndex,
): Promise<EffectDefinition | CatalogueProblem> {
  const problems: CatalogueProblem[] = [];
  const text = await readText(file, problems);
  if (text === undefined) return problems[0] as CatalogueProblem;
  const parsed = parseJsonFile(text);
  const value = parsed.ok && isJsonObject(parsed.value) ? parsed.value : undefined;
  const script = typeof value?.script === 'string' ? value.script : '';
  const scriptFile = script ? await resolveScript(script, folder.dir, bundledDir) : '';
  const scriptExists = scriptFile !== '' && (await isFile(scriptFile));
  let diagnostics = checkEffectDefinition(text, {
    resolveSchema: () => index.valid.get(scriptFile)?.schemaContent ?? index.broken.get(scriptFile),
    schemaSearch: `looked for a schema whose "script" is ${script} in ${path.join(path.dirname(scriptFile), 'schema')}`,
  }).filter((d) => d.severity === 'error');
  if (parsed.ok && scriptFile && !scriptExists) {
    // Schemas are only indexed for scripts that exist: "no schema" would just repeat this.
    diagnostics = diagnostics.filter((d) => d.ruleId !== 'definition-schema');
    const at = parsed.document.locate('/script');
    diagnostics.push({
      ruleId: 'definition-script',
      severity: 'error',
      message: `the script "${script}" was not found at ${scriptFile}; add it or fix "script"`,
      pointer: '/script',
      line: at.line,
      column: at.column,
    });
    diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  }
  if (diagnostics.length > 0 || !value) return located(file, diagnostics);
  const schema = index.valid.get(scriptFile);
  return {
    name: String(value.name),
    file,
    script: scriptFile,
    args: deepFreeze(value.args as Record<string, unknown>),
    schema: schema?.schemaContent,
    schemaFile: schema?.schemaFile,
    system: folder.system,
    network: value.network === true,
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
