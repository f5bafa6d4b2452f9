// Benchmark: parsing a JSON-RPC request with protocol's hand-written validators (what the server
// runs) against ajv standalone code compiled from a JSON Schema of the same request, the way the
// settings groups are validated. Two requests: `color` (the hottest command: Home Assistant's
// light, a colour picker dragging) and `config setconfig` of one `smoothing` group (its group is
// checked by the generated ajv validator on both sides, so the difference is the request itself).
// Each side parses a valid and an invalid request. Sides run interleaved in rotating order, round
// by round, in one process; medians and ratios over the hand-written side are printed.
//
//   node bench/rpc-parse.mjs        (build first: npx turbo run build)
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import {
  MAX_DURATION_MS,
  parseRequest,
  readEnvelope,
  settingsGroupSchemas,
  validateColorRequest,
  validateSetConfigRequest,
} from '../packages/protocol/dist/index.js';
import { median } from './support/stats.mjs';

// --- The schemas an ajv side would be generated from ---------------------------------------------
const INSTANCES = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'integer', minimum: 0, maximum: 254 },
};
// What JSON Schema can say of `color`; "a multiple of 3" is not among it (a custom keyword or
// hand code would still be needed), nor is the reply wording (a formatter would map each error).
const colorSchema = {
  $id: 'color',
  type: 'object',
  required: ['priority', 'color'],
  properties: {
    command: { const: 'color' },
    tan: { type: 'integer', minimum: 0 },
    priority: { type: 'integer', minimum: 1, maximum: 253 },
    color: { type: 'array', minItems: 3, items: { type: 'integer', minimum: 0, maximum: 255 } },
    duration: { type: 'integer', maximum: MAX_DURATION_MS },
    origin: { type: 'string', minLength: 4, maxLength: 20 },
    instance: INSTANCES,
  },
};
const setconfigSchema = {
  $id: 'setconfig',
  type: 'object',
  required: ['command', 'subcommand', 'config', 'instance'],
  properties: {
    command: { const: 'config' },
    subcommand: { const: 'setconfig' },
    tan: { type: 'integer', minimum: 0 },
    instance: { type: 'integer', minimum: 0, maximum: 254 },
    config: {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: { smoothing: { $ref: 'smoothing' } },
    },
  },
};

// --- ajv standalone, as the settings generator writes it (CommonJS here: no bundler) -----------
const ajv = new Ajv({
  allErrors: true,
  // The settings generator strips the dialect's presentation keywords (propertyOrder, options,
  // format, …) before compiling; here ajv ignores them, which compiles to the same checks.
  strict: false,
  validateFormats: false,
  ownProperties: true,
  messages: false,
  code: { source: true },
});
ajv.addSchema({ $id: 'smoothing', ...settingsGroupSchemas.smoothing });
ajv.addSchema(colorSchema);
ajv.addSchema(setconfigSchema);
// The generated module is evaluated here, with this file's require for ajv's runtime helpers.
const generatedModule = { exports: {} };
new Function(
  'require',
  'module',
  'exports',
  standalone.default(ajv, { color: 'color', setconfig: 'setconfig' }),
)(createRequire(import.meta.url), generatedModule, generatedModule.exports);
const generated = generatedModule.exports;

// --- The requests --------------------------------------------------------------------------------
const requests = {
  'color, valid': {
    command: 'color',
    color: [255, 160, 0],
    origin: 'Home Assistant',
    priority: 128,
    tan: 3,
  },
  'color, 2 violations': { command: 'color', color: [255, 0, 0, 256], priority: 50, tan: 3 },
  'setconfig, valid': {
    command: 'config',
    subcommand: 'setconfig',
    instance: 0,
    config: { smoothing: { enable: true, type: 'linear', time_ms: 200, updateFrequency: 25 } },
    tan: 4,
  },
  'setconfig, 2 violations': {
    command: 'config',
    subcommand: 'setconfig',
    instance: 0,
    config: { smoothing: { enable: 'yes', type: 'linear', time_ms: 200, updateFrequency: 0 } },
    tan: 4,
  },
};
const handOf = (name) =>
  name.startsWith('color') ? validateColorRequest : validateSetConfigRequest;
const ajvOf = (name) => (name.startsWith('color') ? generated.color : generated.setconfig);

// Sanity: both sides agree on which request is valid.
for (const [name, request] of Object.entries(requests)) {
  const hand = handOf(name)(request).length === 0;
  const schema = ajvOf(name)(request);
  if (hand !== name.endsWith('valid') || schema !== hand) {
    throw new Error(
      `bench/rpc-parse: the sides disagree on "${name}" (hand ${hand}, ajv ${schema})`,
    );
  }
}

const sides = {
  'hand-written validator': (name, request) => handOf(name)(request),
  'parseRequest (envelope + validator + value)': (_name, request) => {
    const envelope = readEnvelope(request);
    return envelope.ok ? parseRequest(envelope, request) : envelope;
  },
  'ajv standalone (errors unworded)': (name, request) => {
    const validate = ajvOf(name);
    return validate(request) ? [] : validate.errors;
  },
};

const ROUNDS = 60;
const PASSES = 4000;
const samples = {};
for (const name of Object.keys(requests))
  for (const side of Object.keys(sides)) samples[`${name}|${side}`] = [];
// Warm-up, so that every side is compiled by the JIT before it is timed.
for (let i = 0; i < 2000; i++)
  for (const [name, request] of Object.entries(requests))
    for (const fn of Object.values(sides)) fn(name, request);
const sideList = Object.entries(sides);
let sink = 0;
for (let round = 0; round < ROUNDS; round++) {
  const order = sideList.map((_, i) => sideList[(i + round) % sideList.length]);
  for (const [name, request] of Object.entries(requests)) {
    for (const [side, fn] of order) {
      const start = performance.now();
      for (let p = 0; p < PASSES; p++) sink += fn(name, request) ? 1 : 0;
      samples[`${name}|${side}`].push(((performance.now() - start) * 1000) / PASSES);
    }
  }
}
if (sink === 0) console.log('');

console.log(
  `Parsing one request: ${ROUNDS} interleaved rounds of ${PASSES} passes per side and request`,
);
console.log('request'.padEnd(26), 'side'.padEnd(46), 'median µs', ' × hand-written');
for (const name of Object.keys(requests)) {
  const base = median(samples[`${name}|hand-written validator`]);
  for (const side of Object.keys(sides)) {
    const m = median(samples[`${name}|${side}`]);
    console.log(
      name.padEnd(26),
      side.padEnd(46),
      m.toFixed(3).padStart(9),
      `${(m / base).toFixed(2)}×`.padStart(15),
    );
  }
}
