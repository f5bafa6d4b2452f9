// The JSON commands around sources: which one shows (`sourceselect`), how a picture is mapped
// onto the LEDs (`processing`) and which half of a 3D picture is used (`videomode`).
import {
  boolean,
  type Check,
  checkObject,
  type Field,
  integer,
  oneOf,
  tanField,
} from './checks.js';
import { commandField, instancesField } from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { PRIORITY } from './priorities.js';
import { settingsGroupSchemas } from './settings/generated/schemas.js';
import type { ColorSettings } from './settings/generated/types.js';
import { type Violation, violation } from './violations.js';

/**
 * A valid `sourceselect` request: pin the source at `priority` (it shows whatever lies below
 * it), or go back to auto-select with `auto: true` (which wins when both are given, as in
 * Hyperion.ng). `auto: false` alone is refused: there is nothing to pin.
 */
export interface SourceSelectRequest {
  command: 'sourceselect';
  tan?: number;
  /** The priority to pin, 1 to 255. */
  priority?: number;
  /** True: back to auto-select (the lowest priority with data shows). */
  auto?: boolean;
  /** The instances it applies to; the session's instance when absent. */
  instance?: number[];
}

const SOURCESELECT_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('sourceselect')],
  ['tan', tanField],
  ['priority', { check: integer(PRIORITY.FOREGROUND, PRIORITY.LOWEST) }],
  ['auto', { check: boolean }],
  ['instance', instancesField],
]);

/**
 * Every violation of a `sourceselect` request; `[]` when it is valid (see
 * {@link SourceSelectRequest}). It needs `priority` (an integer from 1 to 255) or `auto: true`.
 */
export function validateSourceSelectRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  if (!checkObject(out, '', request, 'a JSON object', SOURCESELECT_FIELDS, 'allow')) return out;
  if (out.length === 0 && request.auto !== true && request.priority === undefined) {
    out.push(
      violation(
        '',
        `needs priority (the priority to pin, an integer from ${PRIORITY.FOREGROUND} to ${PRIORITY.LOWEST}) or "auto": true`,
      ),
    );
  }
  return out;
}

/** The typed value of a valid `sourceselect` request, or its violations. */
export const parseSourceSelectRequest: Parser<SourceSelectRequest> = parserOf(
  validateSourceSelectRequest,
);

/** How a picture is mapped onto the LEDs: the `color` group's `imageToLedMappingType`. */
export type MappingTypeName = NonNullable<ColorSettings['imageToLedMappingType']>;

/** Every mapping type, as the `color` group's schema lists them (Hyperion.ng's order). */
export const MAPPING_TYPE_NAMES = (
  settingsGroupSchemas.color as { properties: { imageToLedMappingType: { enum: string[] } } }
).properties.imageToLedMappingType.enum as readonly MappingTypeName[];

/** A valid `processing` request: the instance maps pictures with `mappingType` from now on. */
export interface ProcessingRequest {
  command: 'processing';
  tan?: number;
  mappingType: MappingTypeName;
  /** The instances it applies to; the session's instance when absent. */
  instance?: number[];
}

const mappingTypeWords = `one of: ${MAPPING_TYPE_NAMES.join(', ')}`;

const PROCESSING_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('processing')],
  ['tan', tanField],
  ['mappingType', { required: mappingTypeWords, check: oneOf(MAPPING_TYPE_NAMES) }],
  ['instance', instancesField],
]);

/** Every violation of a `processing` request; `[]` when it is valid (see {@link ProcessingRequest}). */
export function validateProcessingRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', PROCESSING_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `processing` request, or its violations. */
export const parseProcessingRequest: Parser<ProcessingRequest> =
  parserOf(validateProcessingRequest);

/** Which part of a picture is used: all of it, the left half (3DSBS) or the top half (3DTAB). */
export const VIDEO_MODES = ['2D', '3DSBS', '3DTAB'] as const;

/** A {@link VIDEO_MODES} value. */
export type VideoMode = (typeof VIDEO_MODES)[number];

/** A valid `videomode` request. */
export interface VideoModeRequest {
  command: 'videomode';
  tan?: number;
  videoMode: VideoMode;
}

const checkVideoMode: Check = oneOf(VIDEO_MODES);

const VIDEOMODE_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('videomode')],
  ['tan', tanField],
  ['videoMode', { required: `one of: ${VIDEO_MODES.join(', ')}`, check: checkVideoMode }],
]);

/** Every violation of a `videomode` request; `[]` when it is valid (see {@link VideoModeRequest}). */
export function validateVideoModeRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', VIDEOMODE_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `videomode` request, or its violations. */
export const parseVideoModeRequest: Parser<VideoModeRequest> = parserOf(validateVideoModeRequest);
