import { boolean, type Check, checkObject, type Field, tanField } from './checks.js';
import { commandField, instancesField } from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { quote, type Violation, violation } from './violations.js';

/**
 * The components a client may switch on and off, by Hyperion.ng's names. `ALL` is the whole
 * instance; COLOR, EFFECT and IMAGE are source kinds, not switches, and are not listed.
 */
export const COMPONENT_NAMES = [
  'ALL',
  'SMOOTHING',
  'BLACKBORDER',
  'FORWARDER',
  'BOBLIGHTSERVER',
  'GRABBER',
  'V4L',
  'AUDIO',
  'LEDDEVICE',
  'FLATBUFSERVER',
  'PROTOSERVER',
] as const;

/** The name of a switchable component, e.g. `'LEDDEVICE'`. */
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** A valid `componentstate` request: switch one component on or off. */
export interface ComponentStateRequest {
  command: 'componentstate';
  tan?: number;
  componentstate: {
    component: ComponentName;
    /** True switches it on. */
    state: boolean;
  };
  /** The instances to switch it on; the session's instance when absent. */
  instance?: number[];
}

const KNOWN = `known: ${COMPONENT_NAMES.join(', ')}`;

// Names are case-sensitive, as Hyperion.ng's schema is; its text for an unknown one is kept.
const checkComponent: Check = (value, pointer, out) => {
  if (typeof value !== 'string') {
    out.push(violation(pointer, `must be a component name (${KNOWN})`));
  } else if (!(COMPONENT_NAMES as readonly string[]).includes(value)) {
    out.push(violation(pointer, `Unknown component name: ${quote(value)} (${KNOWN})`));
  }
};

const STATE_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['component', { required: `a component name (${KNOWN})`, check: checkComponent }],
  ['state', { required: 'true or false', check: boolean }],
]);

const STATE_WORDS = 'an object with component and state';

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('componentstate')],
  ['tan', tanField],
  [
    'componentstate',
    {
      required: STATE_WORDS,
      check: (value, pointer, out) => {
        checkObject(out, pointer, value, STATE_WORDS, STATE_FIELDS, 'reject');
      },
    },
  ],
  ['instance', instancesField],
]);

/**
 * Every violation of a `componentstate` request, in document order; `[]` when it is valid (see
 * {@link ComponentStateRequest}).
 *
 * `componentstate` (required) holds `component`, one of {@link COMPONENT_NAMES} (an unknown one
 * gets Hyperion.ng's text, `Unknown component name: "X"`), and `state`, true or false, nothing
 * else; `instance` a non-empty list of unique indexes from 0 to 254. Hyperion.ng's schema lists
 * only 9 components and refuses FLATBUFSERVER and PROTOSERVER, which its handler knows; both are
 * accepted here. Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateComponentStateRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `componentstate` request (see {@link ComponentStateRequest}), or its violations. */
export const parseComponentStateRequest: Parser<ComponentStateRequest> = parserOf(
  validateComponentStateRequest,
);
