import type { GetSchemaInfo } from '@glowkit/protocol';
import type { ServerConnection } from '../../api/connection.js';
import { fetchSchemas } from '../../data/calls.js';

/** The option schema of each effect script, by the script as `serverinfo` shows it. */
export type EffectSchemas = ReadonlyMap<string, Record<string, unknown>>;

/**
 * The schemas of a `config getschema` reply: `serverinfo` lists effects without their option
 * schemas; as in Hyperion.ng, `getschema` carries them in `effectSchemas`.
 */
export function effectSchemasOf(info: Pick<GetSchemaInfo, 'effectSchemas'>): EffectSchemas {
  return new Map(info.effectSchemas.map((entry) => [entry.script, entry.schemaContent]));
}

/** Asks the server for the effects' option schemas; rejects with its error when it refuses. */
export async function loadEffectSchemas(connection: ServerConnection): Promise<EffectSchemas> {
  return effectSchemasOf(await fetchSchemas(connection));
}
