/** Temporary directories with files, for CLI tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Workspace {
  dir: string;
  write(path: string, content: string | object): string;
  remove(): void;
}

export function createWorkspace(files: Record<string, string | object> = {}): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-schema-'));
  const ws: Workspace = {
    dir,
    write(path, content) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(
        full,
        typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
      );
      return full;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  for (const [path, content] of Object.entries(files)) ws.write(path, content);
  return ws;
}

/** A small valid effect option schema using the phrases in {@link phrases}. */
export const goodSchema = {
  type: 'object',
  script: 'glow.py',
  title: 'edt_eff_glow_header',
  required: true,
  properties: {
    speed: {
      type: 'number',
      title: 'edt_eff_speed',
      default: 1.5,
      minimum: 0.1,
      maximum: 10,
      step: 0.1,
      append: 'edt_append_s',
      propertyOrder: 1,
    },
    color: {
      type: 'array',
      title: 'edt_eff_color',
      format: 'colorpicker',
      default: [255, 128, 0],
      items: { type: 'integer', minimum: 0, maximum: 255 },
      minItems: 3,
      maxItems: 3,
      propertyOrder: 2,
    },
  },
  additionalProperties: false,
};

export const phrases = {
  edt_append_s: 's',
  edt_eff_color: 'Colour',
  edt_eff_glow_header: 'Glow',
  edt_eff_speed: 'Speed',
};

/** A deep copy of {@link goodSchema} to alter in a test. */
export function cloneGoodSchema(): {
  properties: { speed: Record<string, unknown>; color: Record<string, unknown> };
  [keyword: string]: unknown;
} {
  return structuredClone(goodSchema) as never;
}
