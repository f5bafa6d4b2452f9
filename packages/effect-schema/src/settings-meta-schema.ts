/**
 * The settings profile of the dialect: the meta-schema of a settings group schema, derived from the
 * effect option meta-schema so that the two can never disagree on what they share (element types,
 * bounds, `options`, placeholders). A settings group differs only where settings need it: no
 * `script`; an element type `object` (nested `properties`, the same element rules inside); arrays
 * of objects; a top level that may be an array (the `leds` group); `description` (a placeholder)
 * and `$comment` (notes for maintainers); `defaultProperties` (which keys a new value is written
 * with); `required` (the keys a user must fill in, never saved empty); `format` `select` (choices supplied at run time) and `time` on strings.
 */

type Json = Record<string, unknown>;

/** The `$id` of the settings group meta-schema. */
export const settingsMetaSchemaId = 'https://glowkit.dev/schemas/settings-group-schema.json';

/** Keywords of a top level of `type` `object` (a group such as `smoothing`). */
export const objectTopLevelKeywords = [
  '$schema',
  'type',
  'title',
  'description',
  '$comment',
  'properties',
  'additionalProperties',
  'defaultProperties',
  'required',
] as const;

/** Keywords of a top level of `type` `array` (the `leds` group). */
export const arrayTopLevelKeywords = [
  '$schema',
  'type',
  'title',
  'description',
  '$comment',
  'items',
  'default',
  'minItems',
  'maxItems',
] as const;

const SETTINGS_TITLE = {
  $ref: '#/definitions/placeholder',
  description:
    'Translation placeholder for the label, e.g. "edt_conf_smooth_time_ms_title". Settings use the `edt_conf_` and `edt_dev_` prefixes.',
};

const EXTRA_KEYWORDS: Json = {
  description: {
    $ref: '#/definitions/placeholder',
    description:
      'Translation placeholder of a sentence shown with the setting, e.g. that Glowkit keeps it but does not act on it yet.',
  },
  $comment: {
    type: 'string',
    description:
      'A note for maintainers (what the engine does with the value); never shown to users.',
  },
};

const REQUIRED = {
  type: 'array',
  items: { type: 'string' },
  uniqueItems: true,
  description:
    "The keys a user must fill in (a device's host): a form refuses them empty, and so does the validator. Their `default` is where a new value starts, not a value to keep. A stored group may still leave them out, as any key (Hyperion.ng backups of other versions).",
};

const DEFAULT_PROPERTIES = {
  type: 'array',
  items: { type: 'string' },
  uniqueItems: true,
  description:
    "The keys a new value is written with (json-editor's keyword); the others are declared for validation and forms, and take their default only where the value is used. Without it, every key with a default.",
};

/**
 * The settings group meta-schema, derived from the effect option meta-schema.
 *
 * @param effect - the effect option meta-schema (it is not changed).
 */
export function deriveSettingsMetaSchema(effect: Readonly<Json>): Json {
  const meta = structuredClone(effect) as Json;
  const definitions = meta.definitions as Record<string, Json>;
  for (const type of ['boolean', 'string', 'integer', 'number', 'array']) {
    const definition = definitions[type] as Json;
    definition.properties = {
      ...(definition.properties as Json),
      title: SETTINGS_TITLE,
      ...EXTRA_KEYWORDS,
    };
  }
  const stringFormat = ((definitions.string as Json).properties as Json).format as Json;
  stringFormat.enum = [...(stringFormat.enum as string[]), 'select', 'time'];
  stringFormat.description =
    'Presentation hint: `radio` buttons for an enum, `url`, a multi-line `textarea`; `select` for a choice whose values are supplied at run time (effect names), `time` for a time of day ("23:00").';
  (((definitions.array as Json).properties as Json).items as Json).description =
    'The schema of every item: any element type, objects and nested arrays included.';
  const objectProperties: Json = {
    type: { const: 'object' },
    title: SETTINGS_TITLE,
    ...EXTRA_KEYWORDS,
    properties: {
      type: 'object',
      description: 'The keys: key name → element schema.',
      additionalProperties: { $ref: '#/definitions/element' },
    },
    additionalProperties: {
      type: 'boolean',
      description: 'false refuses keys that are not listed; settings keep unknown keys (true).',
    },
    defaultProperties: { $ref: '#/definitions/defaultProperties' },
    propertyOrder: ((definitions.boolean as Json).properties as Json).propertyOrder,
    options: { $ref: '#/definitions/options' },
  };
  definitions.object = {
    description:
      "A group of settings: `properties` holds one element per key, with the same rules as the top level. Its default is made of its keys' defaults.",
    type: 'object',
    required: ['properties'],
    properties: objectProperties,
    additionalProperties: false,
  };
  definitions.defaultProperties = DEFAULT_PROPERTIES;
  const element = definitions.element as Json;
  const elementType = (element.properties as Json).type as Json;
  elementType.enum = [...(elementType.enum as string[]), 'object'];
  element.allOf = [
    ...(element.allOf as Json[]),
    whenType('object', { $ref: '#/definitions/object' }),
  ];

  const effectTop = effect.properties as Json;
  const arrayKeywords = (definitions.array as Json).properties as Json;
  return {
    $schema: meta.$schema,
    $id: settingsMetaSchemaId,
    title: 'Glowkit settings group schema',
    description:
      'One settings group of a configuration (e.g. `smoothing`), in the effect option schema dialect: one element per key under `properties`, or, for a list group (`leds`), one element per item under `items`.',
    type: 'object',
    required: ['type', 'title'],
    properties: {
      $schema: effectTop.$schema,
      type: {
        enum: ['object', 'array'],
        description: '"object" for a group of keys, "array" for a list group (`leds`).',
      },
      title: {
        $ref: '#/definitions/placeholder',
        description:
          'Translation placeholder for the group\'s heading, e.g. "edt_conf_smooth_heading_title".',
      },
      ...EXTRA_KEYWORDS,
      properties: objectProperties.properties,
      additionalProperties: objectProperties.additionalProperties,
      defaultProperties: { $ref: '#/definitions/defaultProperties' },
      // Checked for a group of keys only (below): a list group has no keys to name.
      required: { description: REQUIRED.description },
      items: {
        $ref: '#/definitions/element',
        description: 'For a list group: the schema of every item.',
      },
      default: {
        type: 'array',
        description: 'For a list group: the value of a new configuration.',
      },
      minItems: arrayKeywords.minItems,
      maxItems: arrayKeywords.maxItems,
    },
    additionalProperties: false,
    allOf: [
      whenType('object', { required: ['properties'], properties: { required: REQUIRED } }),
      whenType('array', { required: ['items', 'default'] }),
    ],
    definitions,
  };
}

/** JSON Schema's `if`/`then`: `then` applies when the value's `type` is `type`. */
function whenType(type: string, then: Json): Json {
  return { if: { required: ['type'], properties: { type: { const: type } } }, then };
}
