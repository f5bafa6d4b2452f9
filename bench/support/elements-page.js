// Runs in Chromium for bench/elements.mjs: renders one schema with <gk-effect-form> or with
// json-editor in a fresh container, flips a boolean option, and times both up to a forced layout.
// Node calls `window.bench.*` through page.evaluate, one measurement per call.
/* global JSONEditor */

const now = () => performance.now();
const forceLayout = (el) => {
  el.getBoundingClientRect();
  return el.offsetHeight;
};
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** Custom elements with `updateComplete` (Lit elements) in a render root, not descending. */
function litElementsIn(root, selector = '*') {
  const found = [];
  for (const el of root.querySelectorAll(selector)) {
    if (el.localName.includes('-') && 'updateComplete' in el) found.push(el);
  }
  return found;
}

/** From a level of Lit elements downwards, awaits each level's pending updates, level by level. */
async function settleLevels(level) {
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > 20) throw new Error('Lit elements kept updating');
    const pending = level.filter((el) => el.isUpdatePending);
    if (pending.length > 0) await Promise.all(pending.map((el) => el.updateComplete));
    const next = [];
    for (const el of level) if (el.renderRoot !== el) next.push(...litElementsIn(el.renderRoot));
    level = next;
  }
}

/**
 * First render: waits until the form (whose `updateComplete` includes its options, rendered in its
 * own shadow root) and every Lit element rendered inside it, at any depth, have finished updating,
 * level by level. Every level is visited: a child may finish its update before the form's
 * `updateComplete` continuation runs and leave its own children pending.
 */
async function settle(form) {
  await form.updateComplete;
  await settleLevels(litElementsIn(form.renderRoot));
}

/**
 * What a re-render of a rendered form must wait for beyond the form's `updateComplete` (which
 * includes its options' elements), found untimed after each render or toggle, so that the harness
 * costs next to nothing: `hosts`, the Lit elements in the form's render root but the options'
 * elements that hold no Lit element of their own (a list's items, the smoothing block's options
 * are below the hosts), and `known`, the option elements there are: an option hidden from the
 * start gets its element when first shown, and what that element holds is waited for too. In the
 * old design (before issue 14, for A/B runs against it) the options were markup in blocks of the
 * form's own shadow root and only list items were elements: they all count as hosts.
 */
function nestingOf(form) {
  const leaves = new Set();
  const known = new Set();
  for (const block of form.renderRoot.querySelectorAll('.option')) {
    known.add(block);
    const element = block.renderRoot ? block : block.firstElementChild;
    if (element?.renderRoot && litElementsIn(element.renderRoot).length === 0) leaves.add(element);
  }
  return { hosts: litElementsIn(form.renderRoot).filter((el) => !leaves.has(el)), known };
}

/**
 * Re-render of a rendered form: the form with its options, the hosts of nested Lit elements, and
 * the option elements shown for the first time (see nestingOf); `pendingAnywhere` then proves,
 * untimed, that nothing was left updating.
 */
async function settleRerender(form, { hosts, known }) {
  await form.updateComplete;
  const level = hosts.filter((host) => host.isConnected);
  for (const block of form.renderRoot.querySelectorAll('.option')) {
    if (!known.has(block)) level.push(block);
  }
  await settleLevels(level);
}

/** Every Lit element in the form at any depth. */
function allLitElements(form) {
  const all = [];
  let level = [form];
  while (level.length > 0) {
    all.push(...level);
    level = level.flatMap((el) => (el.renderRoot === el ? [] : litElementsIn(el.renderRoot)));
  }
  return all;
}

const pendingAnywhere = (form) => allLitElements(form).filter((el) => el.isUpdatePending).length;

/** json-editor set-up in the manner of Hyperion's web UI (createJsonEditor), `html` theme. */
const jsonEditorOptions = (schema) => ({
  schema,
  theme: 'html',
  iconlib: null,
  disable_collapse: true,
  disable_edit_json: true,
  disable_properties: true,
  disable_array_reorder: true,
  no_additional_properties: true,
  disable_array_delete_all_rows: true,
  disable_array_delete_last_row: true,
});

const schemas = {};
const live = {};

function freshContainer() {
  const container = document.createElement('div');
  container.className = 'bench-container';
  document.body.append(container);
  return container;
}

function visibleGk(form) {
  return form.visibleOptionNames.length;
}

function visibleJe(editor) {
  return Object.values(editor.root.editors).filter(
    (e) => (e.container?.style.display ?? '') !== 'none',
  ).length;
}

/** How many properties got each json-editor editor (by its name in JSONEditor.defaults.editors). */
function jeEditorKinds(editor) {
  const names = new Map(Object.entries(JSONEditor.defaults.editors).map(([k, v]) => [v, k]));
  const kinds = {};
  for (const e of Object.values(editor.root.editors)) {
    const name = names.get(e.constructor) ?? 'other';
    kinds[name] = (kinds[name] ?? 0) + 1;
  }
  return kinds;
}

/**
 * The checkbox of boolean option `name`: inside the shadow root of the option's element; in the
 * old design, in the option's block of the form's own shadow root (A/B runs against it).
 */
function checkboxOf(form, name) {
  const block = form.renderRoot.querySelector(`[data-option="${CSS.escape(name)}"]`);
  const root = block?.shadowRoot ?? block;
  return root?.querySelector('input[type="checkbox"]') ?? null;
}

const gk = {
  async render(key) {
    const container = freshContainer();
    const t0 = now();
    const form = document.createElement('gk-effect-form');
    form.schema = schemas[key];
    container.append(form);
    await settle(form);
    forceLayout(container);
    const t1 = now();
    live.gk = { container, form, nesting: nestingOf(form) };
    return {
      wall: t1 - t0,
      visible: visibleGk(form),
      incomplete: pendingAnywhere(form),
    };
  },
  async toggle(name, value) {
    const { container, form, nesting } = live.gk;
    const input = checkboxOf(form, name);
    if (!input) throw new Error(`no checkbox for ${name}`);
    if (input.checked === value) throw new Error(`${name} is already ${value}`);
    const t0 = now();
    input.click(); // the user's path: the checkbox's change → gk-checkbox's change → the form
    await settleRerender(form, nesting);
    forceLayout(container);
    const t1 = now();
    if (form.value[name] !== value) throw new Error(`the form did not take ${name} = ${value}`);
    live.gk.nesting = nestingOf(form); // options shown for the first time have elements now
    return {
      wall: t1 - t0,
      visible: visibleGk(form),
      incomplete: pendingAnywhere(form),
    };
  },
  /** What the waiting costs on an already settled form: the harness's share of gk's times. */
  async overhead() {
    const { form, nesting } = live.gk;
    const t0 = now();
    await settle(form);
    const t1 = now();
    await settleRerender(form, nesting);
    return { render: t1 - t0, toggle: now() - t1 };
  },
  /** How many options (and smoothing blocks) each element renders, by tag. */
  describe() {
    const { form } = live.gk;
    const tags = {};
    for (const block of form.renderRoot.querySelectorAll('.option')) {
      const tag = block.renderRoot ? block.localName : block.firstElementChild?.localName;
      const kind = !tag ? '(markup)' : customElements.get(tag) ? tag : `${tag} (undefined)`;
      tags[kind] = (tags[kind] ?? 0) + 1;
    }
    return tags;
  },
};

const nativeRequestAnimationFrame = window.requestAnimationFrame;

/**
 * Runs `fn` with requestAnimationFrame callbacks run as microtasks instead of in the next frame.
 * json-editor fires `ready` and `change` (after validating) in a requestAnimationFrame, and the
 * browser may render a frame in between: timing it with the shim measures its work without the
 * wait for the frame. (Measuring around the wait instead — its synchronous part plus the frame
 * callback — misses the style and layout the browser does before running the callbacks.)
 */
async function withMicrotaskFrames(fn) {
  window.requestAnimationFrame = (callback) => {
    queueMicrotask(() => callback(performance.now()));
    return 0;
  };
  try {
    return await fn();
  } finally {
    window.requestAnimationFrame = nativeRequestAnimationFrame;
  }
}

/** json-editor, timed to its `ready`/`change` event: with the frame wait, or (work) without. */
function jsonEditorSide(lib, microtaskFrames) {
  const timed = microtaskFrames ? withMicrotaskFrames : (fn) => fn();
  return {
    render(key) {
      return timed(async () => {
        const container = freshContainer();
        const t0 = now();
        const editor = new JSONEditor(container, jsonEditorOptions(schemas[key]));
        await new Promise((resolve) => editor.on('ready', resolve));
        forceLayout(container);
        const t1 = now();
        live[lib] = { container, editor };
        return { wall: t1 - t0, visible: visibleJe(editor) };
      });
    },
    toggle(name, value) {
      const { container, editor } = live[lib];
      const child = editor.getEditor(`root.${name}`);
      if (!child) throw new Error(`no editor root.${name}`);
      if (child.getValue() === value) throw new Error(`${name} is already ${value}`);
      return timed(async () => {
        let onChange;
        const changed = new Promise((resolve) => {
          onChange = resolve;
        });
        editor.on('change', onChange);
        const t0 = now();
        child.setValue(value);
        await changed;
        forceLayout(container);
        const t1 = now();
        editor.off('change', onChange);
        if (editor.getValue()[name] !== value) throw new Error(`json-editor did not take ${name}`);
        return { wall: t1 - t0, visible: visibleJe(editor) };
      });
    },
    describe() {
      return jeEditorKinds(live[lib].editor);
    },
  };
}

/**
 * A first render of a Lit reference form (`tag`), timed like gk's; kept in `live[key]`. A form of
 * elements (`nested`) is waited for as gk is, level by level; one template, for its own update.
 */
async function renderReference(tag, key, schemaKey, nested = false) {
  const container = freshContainer();
  const t0 = now();
  const form = document.createElement(tag);
  form.schema = schemas[schemaKey];
  container.append(form);
  await (nested ? settle(form) : form.updateComplete);
  forceLayout(container);
  const t1 = now();
  live[key] = { container, form };
  return { wall: t1 - t0, visible: visibleFloor(form) };
}

/** The floor (floor-form.js): the least a Lit form can do, timed like gk. */
const floor = {
  render: (key) => renderReference('bench-floor-form', 'floor', key),
  async toggle(name, value) {
    const { container, form } = live.floor;
    const input = form.renderRoot.querySelector(
      `[data-option="${CSS.escape(name)}"] input[type="checkbox"]`,
    );
    if (!input) throw new Error(`no checkbox for ${name}`);
    if (input.checked === value) throw new Error(`${name} is already ${value}`);
    const t0 = now();
    input.click();
    await form.updateComplete;
    forceLayout(container);
    const t1 = now();
    if (form.values[name] !== value) throw new Error(`the floor did not take ${name} = ${value}`);
    return { wall: t1 - t0, visible: visibleFloor(form) };
  },
  describe() {
    return { options: live.floor.form.renderRoot.querySelectorAll('.option').length };
  },
};

function visibleFloor(form) {
  return [...form.renderRoot.querySelectorAll('.option')].filter((o) => !o.hidden).length;
}

window.bench = {
  libs: {
    gk,
    je: jsonEditorSide('je', false),
    jeWork: jsonEditorSide('jeWork', true),
    floor,
    // The reference forms of bench/elements-breakdown.mjs (first renders only).
    shapedFloor: {
      render: (key) => renderReference('bench-shaped-floor-form', 'shapedFloor', key, true),
    },
  },
  /** Lets the page render a few frames (between measurements, untimed). */
  async frames(n) {
    for (let i = 0; i < n; i++) await nextFrame();
  },
  setSchemas(map) {
    Object.assign(schemas, map);
  },
  dispose() {
    for (const key of Object.keys(live)) {
      live[key].editor?.destroy();
      live[key].container.remove();
      delete live[key];
    }
  },
  info() {
    return {
      crossOriginIsolated: globalThis.crossOriginIsolated,
      userAgent: navigator.userAgent,
      jsonEditor: typeof JSONEditor === 'function',
      gkForm: customElements.get('gk-effect-form') !== undefined,
    };
  },
  ready: customElements.whenDefined('gk-effect-form').then(() => true),
};
