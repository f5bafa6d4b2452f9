"""Checks for Glowkit's bundled effects and their translations.

Standard library only. From the repository root run:

    python3 -m unittest discover -s effects -p 'test_*.py'

What is checked:
- every option schema in effects/schema has the expected shape, its defaults
  satisfy its own constraints, and the smoothing block (when present) is
  exactly the one from the spec and comes last;
- every definition effects/*.json has exactly name/script/args and its args
  validate against the schema of its script;
- every script compiles, reads all of its options, and runs against a fake
  `hyperion` module (defaults, each definition, extreme values, every enum
  value, 1 to 300 LEDs) producing frames of the right size;
- translations/en.json and de.json contain every placeholder the schemas use,
  the same keys, the required units and form messages, and are formatted
  as sorted, 2-space indented JSON.
"""

import copy
import json
import os
import random
import re
import runpy
import sys
import types
import unittest
from unittest import mock

EFFECTS_DIR = os.path.dirname(os.path.abspath(__file__))
SCHEMA_DIR = os.path.join(EFFECTS_DIR, 'schema')
TRANSLATIONS_DIR = os.path.join(os.path.dirname(EFFECTS_DIR), 'translations')
LANGUAGES = ('en', 'de')

SMOOTHING = {
    'smoothing-custom-settings': {
        'type': 'boolean',
        'title': 'edt_eff_smooth_custom',
        'default': False,
    },
    'smoothing-time_ms': {
        'type': 'integer',
        'title': 'edt_eff_smooth_time_ms',
        'minimum': 25,
        'maximum': 600,
        'default': 200,
        'append': 'edt_append_ms',
        'options': {'dependencies': {'smoothing-custom-settings': True}},
    },
    'smoothing-updateFrequency': {
        'type': 'number',
        'title': 'edt_eff_smooth_updateFrequency',
        'minimum': 1.0,
        'maximum': 100.0,
        'default': 25.0,
        'append': 'edt_append_hz',
        'options': {'dependencies': {'smoothing-custom-settings': True}},
    },
}

RGB_ITEMS = {'type': 'integer', 'minimum': 0, 'maximum': 255}

REQUIRED_UNITS = ['ms', 's', 'hz', 'percent', 'degree', 'pixel', 'sdegree', 'leds', 'fps']

# form message keys -> interpolation variables they must use
REQUIRED_MESSAGES = {
    'edt_msg_error_required': set(),
    'edt_msg_error_type': {'type'},
    'edt_msg_error_integer': set(),
    'edt_msg_error_minimum': {'minimum'},
    'edt_msg_error_maximum': {'maximum'},
    'edt_msg_error_minLength': {'minLength'},
    'edt_msg_error_maxLength': {'maxLength'},
    'edt_msg_error_enum': set(),
    'edt_msg_error_minItems': {'minItems'},
    'edt_msg_error_maxItems': {'maxItems'},
    'edt_msg_error_uniqueItems': set(),
    'edt_msg_error_color_channel': set(),
    'edt_msg_error_alpha': set(),
    'edt_msg_error_number': set(),
    'edt_msg_button_add_row': set(),
    'edt_msg_button_delete_row': set(),
    'edt_msg_button_move_up': set(),
    'edt_msg_button_move_down': set(),
    'edt_msg_color_red': set(),
    'edt_msg_color_green': set(),
    'edt_msg_color_blue': set(),
    'edt_msg_color_alpha': set(),
    'edt_msg_color_pick': set(),
    'edt_msg_empty_list': set(),
    'edt_msg_multiselect_none': set(),
    'edt_msg_item_label': {'index'},
}

INTERPOLATION = re.compile(r'\{\{\s*([A-Za-z0-9_]+)\s*\}\}')


# ---------------------------------------------------------------------------
# loading


def load_json(path):
    with open(path, encoding='utf-8') as handle:
        return json.load(handle)


def load_schemas():
    schemas = {}
    for file_name in sorted(os.listdir(SCHEMA_DIR)):
        if file_name.endswith('.schema.json'):
            schemas[file_name[: -len('.schema.json')]] = load_json(os.path.join(SCHEMA_DIR, file_name))
    return schemas


def load_definitions():
    definitions = {}
    for file_name in sorted(os.listdir(EFFECTS_DIR)):
        if file_name.endswith('.json'):
            definitions[file_name] = load_json(os.path.join(EFFECTS_DIR, file_name))
    return definitions


def load_translations():
    return {lang: load_json(os.path.join(TRANSLATIONS_DIR, lang + '.json')) for lang in LANGUAGES}


SCHEMAS = load_schemas()
DEFINITIONS = load_definitions()


def script_name(definition):
    return definition['script'][: -len('.py')]


def options_in_order(schema):
    return sorted(schema['properties'].items(), key=lambda item: item[1]['propertyOrder'])


def defaults_of(schema):
    return {key: copy.deepcopy(option['default']) for key, option in schema['properties'].items() if 'default' in option}


# ---------------------------------------------------------------------------
# a small validator for the keywords effect schemas use


def is_integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_multiselect(option):
    items = option.get('items', {})
    return option.get('type') == 'array' and option.get('uniqueItems') is True and items.get('type') == 'string' and 'enum' in items


def validate(value, schema, path='value'):
    """Return a list of error strings; empty when value satisfies schema."""
    kind = schema.get('type')
    checks = {
        'boolean': lambda v: isinstance(v, bool),
        'string': lambda v: isinstance(v, str),
        'integer': is_integer,
        'number': is_number,
        'array': lambda v: isinstance(v, list),
        'object': lambda v: isinstance(v, dict),
    }
    if kind not in checks:
        return ['%s: unknown schema type %r' % (path, kind)]
    if not checks[kind](value):
        return ['%s: expected %s, got %r' % (path, kind, value)]

    errors = []
    if 'enum' in schema and value not in schema['enum']:
        errors.append('%s: %r is not one of %r' % (path, value, schema['enum']))
    if kind in ('integer', 'number'):
        if 'minimum' in schema and value < schema['minimum']:
            errors.append('%s: %r is below the minimum %r' % (path, value, schema['minimum']))
        if 'maximum' in schema and value > schema['maximum']:
            errors.append('%s: %r is above the maximum %r' % (path, value, schema['maximum']))
    if kind == 'string':
        if 'minLength' in schema and len(value) < schema['minLength']:
            errors.append('%s: shorter than %d characters' % (path, schema['minLength']))
        if 'maxLength' in schema and len(value) > schema['maxLength']:
            errors.append('%s: longer than %d characters' % (path, schema['maxLength']))
    if kind == 'array':
        if 'minItems' in schema and len(value) < schema['minItems']:
            errors.append('%s: fewer than %d items' % (path, schema['minItems']))
        if 'maxItems' in schema and len(value) > schema['maxItems']:
            errors.append('%s: more than %d items' % (path, schema['maxItems']))
        if schema.get('uniqueItems'):
            seen = [json.dumps(item, sort_keys=True) for item in value]
            if len(seen) != len(set(seen)):
                errors.append('%s: items are not unique' % path)
        if 'items' in schema:
            for index, item in enumerate(value):
                errors += validate(item, schema['items'], '%s[%d]' % (path, index))
        if schema.get('format') == 'colorpicker':
            if len(value) != 3 or not all(is_integer(c) and 0 <= c <= 255 for c in value):
                errors.append('%s: an RGB colour must be three integers 0..255' % path)
        if schema.get('format') == 'colorpickerRGBA':
            if (
                len(value) != 4
                or not all(is_integer(c) and 0 <= c <= 255 for c in value[:3])
                or not (is_number(value[3]) and 0 <= value[3] <= 1)
            ):
                errors.append('%s: an RGBA colour must be three integers 0..255 and an alpha 0..1' % path)
    if kind == 'object':
        properties = schema.get('properties', {})
        if schema.get('additionalProperties') is False:
            for key in value:
                if key not in properties:
                    errors.append('%s: unknown property %r' % (path, key))
        for key, sub in properties.items():
            if key in value:
                errors += validate(value[key], sub, '%s.%s' % (path, key))
    return errors


def placeholders(node):
    """Every translation placeholder used in a schema (titles, units, enum titles)."""
    found = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ('title', 'append') and isinstance(value, str):
                found.add(value)
            elif key == 'enum_titles':
                found.update(value)
            else:
                found |= placeholders(value)
    elif isinstance(node, list):
        for value in node:
            found |= placeholders(value)
    return found


# ---------------------------------------------------------------------------
# argument variants for the run tests


def extreme_args(schema, high):
    """Every option pushed to its lower (high=False) or upper (high=True) bound."""
    args = defaults_of(schema)
    for key, option in schema['properties'].items():
        kind = option['type']
        if kind == 'boolean':
            args[key] = high
        elif kind in ('integer', 'number') and ('maximum' if high else 'minimum') in option:
            args[key] = option['maximum' if high else 'minimum']
        elif kind == 'string' and 'enum' in option:
            args[key] = option['enum'][-1 if high else 0]
        elif kind == 'string':
            text = option['default'] or 'x'
            if high and 'maxLength' in option:
                args[key] = (text * option['maxLength'])[: option['maxLength']]
            elif not high:
                args[key] = text[: option.get('minLength', 0)]
        elif is_multiselect(option):
            args[key] = list(option['items']['enum']) if high else []
        elif kind == 'array' and option.get('format') is None:
            items = option['items']
            size = option.get('maxItems', 10) if high else option.get('minItems', 0)
            if items.get('type') == 'integer' and option.get('uniqueItems'):
                pool = list(range(items.get('minimum', 0), items.get('maximum', 100) + 1))
            else:
                pool = list(option['default']) or [items.get('default')]
            args[key] = [copy.deepcopy(pool[i % len(pool)]) for i in range(size)]
    return args


def run_variants():
    """(label, script name, led count, args) for every run test."""
    variants = []
    for name, schema in SCHEMAS.items():
        defaults = defaults_of(schema)
        for led_count in (1, 30, 300):
            variants.append(('%s defaults, %d LEDs' % (name, led_count), name, led_count, defaults))
        variants.append(('%s lower bounds' % name, name, 30, extreme_args(schema, high=False)))
        variants.append(('%s upper bounds' % name, name, 30, extreme_args(schema, high=True)))
        for key, option in schema['properties'].items():
            for value in option.get('enum', []):
                args = dict(defaults)
                args.update({k: True for k, o in schema['properties'].items() if o['type'] == 'boolean'})
                args[key] = value
                variants.append(('%s %s=%s' % (name, key, value), name, 30, args))
    for file_name, definition in DEFINITIONS.items():
        name = script_name(definition)
        if name in SCHEMAS:
            args = defaults_of(SCHEMAS[name])
            args.update(definition['args'])
            variants.append(('definition %s' % file_name, name, 30, args))
    return variants


# ---------------------------------------------------------------------------
# fake hyperion module


class FakeHyperion:
    """Records what a script sends and checks it the way the real module would."""

    def __init__(self, led_count, args, max_frames=40, width=16, height=9):
        self.led_count = led_count
        self.max_frames = max_frames
        self.width, self.height = width, height
        self.canvas = bytearray(3 * width * height)
        self.frames = []
        self.sleeps = []
        self.abort_calls = 0
        self.stopped = False

        module = types.ModuleType('hyperion')
        module.ledCount = led_count
        module.latchTime = 0
        module.args = self.as_engine_args(args)
        module.abort = self.abort
        module.setColor = self.set_color
        module.setImage = self.set_image
        module.imageShow = self.image_show
        module.imageSolidFill = self.image_solid_fill
        module.imageWidth = lambda: self.width
        module.imageHeight = lambda: self.height
        module.lowestUpdateInterval = lambda: 0.005
        self.module = module

    @classmethod
    def as_engine_args(cls, value):
        """Copy args the way the engine converts JSON: 4.0 arrives as int 4."""
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, list):
            return [cls.as_engine_args(item) for item in value]
        if isinstance(value, dict):
            return {key: cls.as_engine_args(item) for key, item in value.items()}
        return value

    @staticmethod
    def check_channels(values):
        for value in values:
            if not is_integer(value):
                raise TypeError('colour values must be int, got %r' % (value,))
            if not 0 <= value <= 255:
                raise ValueError('colour value %r is outside 0..255' % (value,))

    def abort(self):
        self.abort_calls += 1
        self.stopped = len(self.frames) >= self.max_frames or self.abort_calls > 50000
        return self.stopped

    def set_color(self, *args):
        if len(args) == 1:
            data = args[0]
            if not isinstance(data, bytearray):
                raise TypeError('setColor(data) needs a bytearray, got %s' % type(data).__name__)
            if len(data) != 3 * self.led_count:
                raise RuntimeError('Length of bytearray argument should be 3*ledCount')
            self.frames.append(bytes(data))
        elif len(args) == 3:
            self.check_channels(args)
            self.frames.append(bytes(args) * self.led_count)
        else:
            raise TypeError('setColor takes (r, g, b) or (bytearray)')

    def set_image(self, width, height, data):
        if not isinstance(data, bytearray) or len(data) != 3 * width * height:
            raise RuntimeError('Length of bytearray argument should be 3*width*height')
        self.frames.append(bytes(data))

    def image_solid_fill(self, *args):
        if len(args) in (3, 4):
            x, y, w, h, colour = 0, 0, self.width, self.height, args[:3]
        elif len(args) in (7, 8):
            (x, y, w, h), colour = args[:4], args[4:7]
        else:
            raise TypeError('imageSolidFill takes ([x, y, w, h,] r, g, b[, a])')
        for value in (x, y, w, h):
            if not is_integer(value):
                raise TypeError('rectangle values must be int, got %r' % (value,))
        self.check_channels(colour)
        for row in range(max(0, y), min(self.height, y + h)):
            for column in range(max(0, x), min(self.width, x + w)):
                offset = 3 * (row * self.width + column)
                self.canvas[offset : offset + 3] = bytes(colour)

    def image_show(self, *args):
        self.frames.append(bytes(self.canvas))

    def sleep(self, seconds):
        if not is_number(seconds) or seconds < 0:
            raise ValueError('sleep length must be a non-negative number, got %r' % (seconds,))
        self.sleeps.append(seconds)

    def frame_sizes(self):
        return {3 * self.led_count, 3 * self.width * self.height}

    def run(self, script_path):
        previous = sys.modules.get('hyperion')
        sys.modules['hyperion'] = self.module
        random.seed(1234)
        try:
            with mock.patch('time.sleep', self.sleep):
                runpy.run_path(script_path, run_name='__main__')
        finally:
            if previous is None:
                sys.modules.pop('hyperion', None)
            else:
                sys.modules['hyperion'] = previous


# ---------------------------------------------------------------------------
# tests


class SchemaTests(unittest.TestCase):
    def test_there_are_at_least_eight_effects(self):
        self.assertGreaterEqual(len(SCHEMAS), 8)

    def test_top_level_shape(self):
        for name, schema in SCHEMAS.items():
            with self.subTest(effect=name):
                self.assertEqual(
                    list(schema),
                    ['type', 'script', 'title', 'required', 'properties', 'additionalProperties'],
                )
                self.assertEqual(schema['type'], 'object')
                self.assertEqual(schema['script'], name + '.py')
                self.assertEqual(schema['title'], 'edt_eff_%s_header' % name)
                self.assertIs(schema['required'], True)
                self.assertIs(schema['additionalProperties'], False)
                self.assertTrue(os.path.isfile(os.path.join(EFFECTS_DIR, name + '.py')))

    def test_options_have_type_title_default_and_order(self):
        for name, schema in SCHEMAS.items():
            with self.subTest(effect=name):
                orders = [option['propertyOrder'] for option in schema['properties'].values()]
                self.assertEqual(sorted(orders), list(range(1, len(orders) + 1)))
                for key, option in schema['properties'].items():
                    self.assertIn(option.get('type'), ('boolean', 'string', 'integer', 'number', 'array'), key)
                    self.assertTrue(option.get('title', '').startswith('edt_eff_'), key)
                    self.assertTrue(is_integer(option['propertyOrder']), key)
                    self.assertNotIn('required', option, key)
                    if is_multiselect(option):
                        self.assertNotIn('default', option, key)
                    else:
                        self.assertIn('default', option, key)
                    if 'append' in option:
                        self.assertTrue(option['append'].startswith('edt_append_'), key)

    def test_defaults_satisfy_their_constraints(self):
        for name, schema in SCHEMAS.items():
            for key, option in schema['properties'].items():
                if 'default' in option:
                    with self.subTest(effect=name, option=key):
                        self.assertEqual(validate(option['default'], option, key), [])
                items = option.get('items', {})
                if 'default' in items:
                    with self.subTest(effect=name, option=key + '[]'):
                        self.assertEqual(validate(items['default'], items, key + '[]'), [])

    def test_colour_pickers_have_the_exact_shape(self):
        def check(option, where):
            if option.get('format') == 'colorpicker':
                self.assertEqual(option['items'], RGB_ITEMS, where)
                self.assertEqual((option['minItems'], option['maxItems']), (3, 3), where)
            if option.get('format') == 'colorpickerRGBA':
                self.assertIn(option['items']['type'], ('integer', 'number'), where)
                self.assertEqual((option['minItems'], option['maxItems']), (4, 4), where)
            if isinstance(option.get('items'), dict):
                check(option['items'], where + '[]')

        for name, schema in SCHEMAS.items():
            for key, option in schema['properties'].items():
                check(option, '%s.%s' % (name, key))

    def test_dependencies_point_at_sibling_options(self):
        for name, schema in SCHEMAS.items():
            properties = schema['properties']
            for key, option in properties.items():
                for target, expected in option.get('options', {}).get('dependencies', {}).items():
                    with self.subTest(effect=name, option=key, depends_on=target):
                        self.assertIn(target, properties)
                        self.assertNotEqual(target, key)
                        self.assertIn(properties[target]['type'], ('boolean', 'string', 'integer', 'number'))
                        self.assertEqual(validate(expected, properties[target], target), [])
                        self.assertLess(properties[target]['propertyOrder'], option['propertyOrder'])

    def test_smoothing_block_is_exact_and_last(self):
        for name, schema in SCHEMAS.items():
            properties = schema['properties']
            present = [key for key in SMOOTHING if key in properties]
            if not present:
                continue
            with self.subTest(effect=name):
                self.assertEqual(present, list(SMOOTHING))
                ordered = [key for key, _ in options_in_order(schema)]
                self.assertEqual(ordered[-3:], list(SMOOTHING))
                first = len(ordered) - 2
                for offset, (key, expected) in enumerate(SMOOTHING.items()):
                    actual = dict(properties[key])
                    self.assertEqual(actual.pop('propertyOrder'), first + offset, key)
                    self.assertEqual(actual, expected, key)
                    self.assertEqual(type(actual['default']), type(expected['default']), key)

    def test_every_element_type_is_used(self):
        options = [(name, key, o) for name, s in SCHEMAS.items() for key, o in s['properties'].items()]
        rgb = lambda o: o.get('type') == 'array' and o.get('format') == 'colorpicker'
        found = {
            'checkbox': any(o['type'] == 'boolean' for _, _, o in options),
            'free text': any(o['type'] == 'string' and 'enum' not in o and 'minLength' not in o and 'maxLength' not in o for _, _, o in options),
            'text with lengths': any(o['type'] == 'string' and 'minLength' in o and 'maxLength' in o for _, _, o in options),
            'select': any(o['type'] == 'string' and 'enum' in o for _, _, o in options),
            'select with enum_titles': any('enum' in o and 'enum_titles' in o.get('options', {}) for _, _, o in options),
            'integer': any(o['type'] == 'integer' and {'minimum', 'maximum', 'step'} <= set(o) for _, _, o in options),
            'number': any(o['type'] == 'number' and {'minimum', 'maximum', 'step'} <= set(o) for _, _, o in options),
            'scalar array': any(
                o['type'] == 'array' and 'format' not in o and not is_multiselect(o)
                and o['items']['type'] in ('integer', 'number', 'string', 'boolean')
                and ('minItems' in o or 'maxItems' in o or 'uniqueItems' in o)
                for _, _, o in options
            ),
            'colour list': any(o['type'] == 'array' and 'format' not in o and rgb(o['items']) for _, _, o in options),
            'multiselect': any(is_multiselect(o) for _, _, o in options),
            'rgb': any(rgb(o) for _, _, o in options),
            'rgba': any(o.get('format') == 'colorpickerRGBA' for _, _, o in options),
            'dependencies': any('dependencies' in o.get('options', {}) for _, _, o in options),
            'append': any('append' in o for _, _, o in options),
            'smoothing': any('smoothing-custom-settings' in s['properties'] for s in SCHEMAS.values()),
        }
        chain = False
        for schema in SCHEMAS.values():
            props = schema['properties']
            for option in props.values():
                for middle in option.get('options', {}).get('dependencies', {}):
                    if props.get(middle, {}).get('options', {}).get('dependencies'):
                        chain = True
        found['dependency chain'] = chain
        self.assertEqual([kind for kind, ok in found.items() if not ok], [])

    def test_shared_phrases_are_reused(self):
        titles = {}
        for name, schema in SCHEMAS.items():
            for option in schema['properties'].values():
                titles.setdefault(option['title'], set()).add(name)
        for shared in ('edt_eff_color', 'edt_eff_backgroundColor', 'edt_eff_brightness', 'edt_eff_reverse'):
            self.assertGreaterEqual(len(titles.get(shared, ())), 2, shared)


class ScriptTests(unittest.TestCase):
    def test_scripts_compile(self):
        for name in SCHEMAS:
            path = os.path.join(EFFECTS_DIR, name + '.py')
            with self.subTest(effect=name), open(path, encoding='utf-8') as handle:
                compile(handle.read(), path, 'exec')

    def test_scripts_read_every_option(self):
        for name, schema in SCHEMAS.items():
            with open(os.path.join(EFFECTS_DIR, name + '.py'), encoding='utf-8') as handle:
                source = handle.read()
            for key in schema['properties']:
                if key in SMOOTHING:
                    continue  # read by the engine, not by the script
                with self.subTest(effect=name, option=key):
                    self.assertTrue("'%s'" % key in source or '"%s"' % key in source)

    def test_scripts_run_against_a_fake_hyperion(self):
        for label, name, led_count, args in run_variants():
            with self.subTest(label):
                self.assertEqual(validate(args, dict(SCHEMAS[name], type='object'), 'args'), [])
                fake = FakeHyperion(led_count, args)
                fake.run(os.path.join(EFFECTS_DIR, name + '.py'))
                self.assertTrue(fake.stopped, 'the script ended without being aborted')
                self.assertGreaterEqual(len(fake.frames), 1)
                for frame in fake.frames:
                    self.assertIn(len(frame), fake.frame_sizes())
                self.assertGreater(sum(fake.sleeps), 0, 'the script never slept')
                self.assertGreaterEqual(len(fake.sleeps), len(fake.frames) // 2, 'frames without sleeping')


class DefinitionTests(unittest.TestCase):
    def test_every_effect_has_a_definition_of_its_own_name(self):
        for name in SCHEMAS:
            with self.subTest(effect=name):
                definition = DEFINITIONS.get(name + '.json')
                self.assertIsNotNone(definition)
                self.assertEqual(definition['script'], name + '.py')

    def test_definitions_are_valid(self):
        names = set()
        for file_name, definition in DEFINITIONS.items():
            with self.subTest(definition=file_name):
                self.assertEqual(sorted(definition), ['args', 'name', 'script'])
                self.assertIsInstance(definition['name'], str)
                self.assertTrue(definition['name'].strip())
                self.assertNotIn(definition['name'], names, 'duplicate effect name')
                names.add(definition['name'])
                self.assertRegex(definition['script'], r'^[a-z0-9-]+\.py$')
                self.assertIn(script_name(definition), SCHEMAS)
                self.assertIsInstance(definition['args'], dict)
                self.assertTrue(definition['args'])
                schema = SCHEMAS[script_name(definition)]
                self.assertEqual(validate(definition['args'], schema, 'args'), [])


class TranslationTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.translations = load_translations()

    def test_files_are_sorted_and_indented(self):
        for lang in LANGUAGES:
            with self.subTest(lang=lang):
                with open(os.path.join(TRANSLATIONS_DIR, lang + '.json'), encoding='utf-8') as handle:
                    text = handle.read()
                expected = json.dumps(self.translations[lang], indent=2, ensure_ascii=False, sort_keys=True) + '\n'
                self.assertEqual(text, expected)

    def test_languages_have_the_same_keys(self):
        self.assertEqual(set(self.translations['en']), set(self.translations['de']))

    def test_texts_are_non_empty_strings(self):
        for lang, table in self.translations.items():
            for key, text in table.items():
                with self.subTest(lang=lang, key=key):
                    self.assertIsInstance(text, str)
                    self.assertTrue(text.strip())

    def test_every_schema_placeholder_is_translated(self):
        used = set()
        for schema in SCHEMAS.values():
            used |= placeholders(schema)
        for placeholder in used:
            self.assertTrue(placeholder.startswith('edt_'), placeholder)
        for lang, table in self.translations.items():
            with self.subTest(lang=lang):
                self.assertEqual(sorted(used - set(table)), [])

    def test_effect_descriptions_exist(self):
        for lang, table in self.translations.items():
            for name in SCHEMAS:
                with self.subTest(lang=lang, effect=name):
                    self.assertIn('edt_eff_%s_header_desc' % name, table)

    def test_units_smoothing_and_messages_exist(self):
        required = ['edt_append_' + unit for unit in REQUIRED_UNITS]
        required += ['edt_eff_smooth_custom', 'edt_eff_smooth_time_ms', 'edt_eff_smooth_updateFrequency']
        required += list(REQUIRED_MESSAGES)
        for lang, table in self.translations.items():
            with self.subTest(lang=lang):
                self.assertEqual([key for key in required if key not in table], [])

    def test_interpolation_variables(self):
        en, de = self.translations['en'], self.translations['de']
        for key in en:
            with self.subTest(key=key):
                self.assertEqual(set(INTERPOLATION.findall(en[key])), set(INTERPOLATION.findall(de.get(key, ''))))
        for key, variables in REQUIRED_MESSAGES.items():
            with self.subTest(key=key):
                self.assertEqual(set(INTERPOLATION.findall(en[key])), variables)


if __name__ == '__main__':
    unittest.main()
