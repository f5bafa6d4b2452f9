import { isJsonObject } from '@glowkit/protocol';
import type { ServerConnection } from '../../api/connection.js';

/** The option schema of each effect script, by the script as `serverinfo` shows it. */
export type EffectSchemas = ReadonlyMap<string, Record<string, unknown>>;

/**
 * The schemas in a `config getschema` reply's `info`. `serverinfo` lists effects without their
 * option schemas; as in Hyperion.ng, `getschema` carries them, each as `{ script, schemaLocation,
 * schemaContent, type }`: under `effectSchemas`, or under `properties.effectSchemas` where
 * Hyperion.ng's reply (a JSON schema of the settings) has them.
 */
export function effectSchemasOf(info: unknown): EffectSchemas {
  const record = isJsonObject(info) ? info : {};
  const properties = isJsonObject(record.properties) ? record.properties : {};
  const list = record.effectSchemas ?? properties.effectSchemas;
  const schemas = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(list)) return schemas;
  for (const entry of list) {
    if (
      isJsonObject(entry) &&
      typeof entry.script === 'string' &&
      isJsonObject(entry.schemaContent)
    ) {
      schemas.set(entry.script, entry.schemaContent);
    }
  }
  return schemas;
}

/**
 * Asks the server for the effects' option schemas. Rejects with the server's error when it
 * refuses (an older server, or a token that may not read them).
 */
export async function loadEffectSchemas(connection: ServerConnection): Promise<EffectSchemas> {
  const info = await connection.call({ command: 'config', subcommand: 'getschema' });
  return effectSchemasOf(info);
}
