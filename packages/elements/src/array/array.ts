import {
  isObject,
  type OptionSchema,
  type ValueIssue,
  validateValue,
} from '@glowkit/effect-schema/values';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { GkField } from '../shared/field.js';
import { fieldStyles, groupStyles } from '../shared/field.styles.js';
import { type FieldEventDetail, type FieldIssue, FieldView } from '../shared/field-view.js';
import { initialValue, tagFor } from '../shared/registry.js';
import { messageOf, phraseOf } from '../shared/translate.js';
import { arrayStyles } from './array.styles.js';

/** Stable identities of list items, unique in the document. */
let lastKey = 0;
const newKey = (): number => {
  lastKey += 1;
  return lastKey;
};

/** An item element: any field (or an element not defined yet, which has none of this). */
type ItemElement = HTMLElement & Partial<Pick<GkField, 'value' | 'issues' | 'reportValidity'>>;

/** The item buttons, by class: what each does is read from the button's class. */
type ItemAction = 'move-up' | 'move-down' | 'remove';

/** The parts of a field that shows one input (gk-string, gk-select, gk-integer, gk-number). */
const inputParts = ['field', 'label', 'control', 'input', 'unit', 'error'];
/** The parts of gk-color-picker (gk-color-picker-rgba adds the alpha row's). */
const colorParts = [
  'field',
  'label',
  'control',
  'swatch',
  'swatch-color',
  'picker',
  'channels',
  'channel',
  'channel-label',
  'channel-input',
  'error',
];

/** The parts of each kind of item element, as its `@csspart`s and templates name them. */
const partsByTag: Readonly<Record<string, readonly string[]>> = {
  'gk-checkbox': ['field', 'control', 'input', 'label', 'error'],
  'gk-string': inputParts,
  'gk-select': inputParts,
  'gk-integer': inputParts,
  'gk-number': inputParts,
  'gk-color-picker': colorParts,
  'gk-color-picker-rgba': [...colorParts, 'alpha', 'alpha-slider', 'alpha-input'],
  'gk-multiselect': [
    'field',
    'label',
    'options',
    'option',
    'checkbox',
    'option-label',
    'none',
    'error',
  ],
  'gk-array': [
    'field',
    'label',
    'items',
    'item',
    'item-control',
    'duplicate',
    'actions',
    'button',
    'move-up',
    'move-down',
    'remove',
    'add',
    'empty',
    'error',
  ],
};

/**
 * The name an item's part has outside the list: `item-<part>`, except `control` (the row of an
 * item's control and unit), which is `item-control-row` since `item-control` is the item's element.
 */
const itemPartName = (part: string): string =>
  part === 'control' ? 'item-control-row' : `item-${part}`;

/** Every name an item's part can have outside the list. */
const itemPartNames = [...new Set(Object.values(partsByTag).flat().map(itemPartName))];

/**
 * The `exportparts` of each kind of item element, so that `gk-array::part(item-input)` (and
 * `gk-effect-form::part(item-input)`) reach into items. An item that is a list again also passes
 * on its own items' `item-*` parts unchanged, so they reach items at any depth.
 */
const exportpartsByTag: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(partsByTag).map(([tag, parts]) => {
    const own = parts.map((part) => `${part}:${itemPartName(part)}`);
    const nested = tag === 'gk-array' ? itemPartNames : [];
    return [tag, [...own, ...nested].join(', ')];
  }),
);

/** What a render of the list works out once for all its items. */
interface ItemShared {
  count: number;
  /** Indexes of items that repeat an earlier one (uniqueItems). */
  duplicates: ReadonlySet<number>;
  /** The element that shows an item, undefined when none understands the item schema. */
  tag: string | undefined;
  /** The item element's `exportparts`. */
  exportparts: string | undefined;
  /** The buttons' translated names. */
  texts: Readonly<Record<ItemAction, string>>;
}

/** The view of a list option: its items, each shown by the element of its kind, and buttons. */
export class ArrayView extends FieldView {
  static override kind = 'array';
  static override styles = [fieldStyles, groupStyles, arrayStyles];

  /** One stable key per item, parallel to the value; the items' elements are keyed by them. */
  #keys: number[] = [];
  /** The array the keys were made for: any other value came from outside and is keyed anew. */
  #keyed: unknown;

  /** The schema of the items. */
  get #itemSchema(): OptionSchema {
    return isObject(this.schema.items) ? this.schema.items : {};
  }

  /** The items (none when the value is not an array). */
  get #items(): readonly unknown[] {
    return Array.isArray(this.value) ? this.value : [];
  }

  /**
   * The keys of the current items, made or trimmed when the value came from outside (or an
   * array was changed in place).
   */
  get #currentKeys(): number[] {
    if (this.value !== this.#keyed || this.#keys.length !== this.#items.length) {
      // Keep the keys of the items still there by position, so their elements are reused.
      const count = this.#items.length;
      const keys = this.#keys.slice(0, count);
      while (keys.length < count) keys.push(newKey());
      this.#keys = keys;
      this.#keyed = this.value;
    }
    return this.#keys;
  }

  get #maxItems(): number | undefined {
    const max = this.schema.maxItems;
    return typeof max === 'number' && Number.isFinite(max) ? max : undefined;
  }

  /** Issues of the list's own rules: type, minItems, maxItems, uniqueItems (not the items'). */
  #ownIssues(): FieldIssue[] {
    const typed = this.inputIssues();
    if (typed.length > 0) return typed;
    if (this.value === undefined) return [{ code: 'required', pointer: '', params: {} }];
    const { items: _items, ...rules } = this.schema;
    return validateValue(rules, this.value);
  }

  /** Issues of each item, from its element when it shows this item's value, with pointers `/i…`. */
  #itemIssues(): FieldIssue[] {
    const items = this.#items;
    const keys = this.#currentKeys;
    const schema = this.#itemSchema;
    return items.flatMap((item, i) => {
      const element = this.#itemElement(keys[i]);
      if (element?.issues !== undefined && element.value === item) {
        return element.issues.map((issue) => ({ ...issue, pointer: `/${i}${issue.pointer}` }));
      }
      return validateValue(schema, item, `/${i}`);
    });
  }

  /**
   * Every reason the list is invalid: its own rules first, then each item's issues (as its
   * element sees them, typed text included), with pointers into the list.
   */
  override get issues(): FieldIssue[] {
    const own = this.#ownIssues();
    return Array.isArray(this.value) ? [...own, ...this.#itemIssues()] : own;
  }

  /** Focuses the first item, else the add button. */
  override focus(options?: FocusOptions): void {
    const first = this.renderRoot?.querySelector<HTMLElement>('.item-control');
    (first ?? this.renderRoot?.querySelector<HTMLElement>('button.add'))?.focus(options);
  }

  /** Focuses the first invalid item (or the list, when its own rules fail) and tells whether valid. */
  override reportValidity(): boolean {
    if (this.valid) return true;
    if (this.#ownIssues().length > 0) {
      this.focus();
      return false;
    }
    const keys = this.#currentKeys;
    const invalid = this.#items.findIndex((item, i) => {
      const element = this.#itemElement(keys[i]);
      return element?.issues
        ? element.issues.length > 0
        : validateValue(this.#itemSchema, item).length > 0;
    });
    const element = this.#itemElement(keys[invalid]);
    if (element?.reportValidity) element.reportValidity();
    else element?.focus();
    return false;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    void this.#currentKeys;
  }

  #itemElement(key: number | undefined): ItemElement | null {
    if (key === undefined) return null;
    return this.renderRoot?.querySelector<ItemElement>(`.item-control[data-key="${key}"]`) ?? null;
  }

  #row(key: number | undefined): HTMLElement | null {
    if (key === undefined) return null;
    return this.renderRoot?.querySelector<HTMLElement>(`li[data-key="${key}"]`) ?? null;
  }

  /** Takes a new list and its keys, and tells listeners. */
  #set(items: unknown[], keys: number[], final: boolean): void {
    this.#keys = keys;
    this.#keyed = items;
    this.commit(items, final);
  }

  /** Focuses what `find` returns once this element and that target have rendered. */
  #focusAfterRender(find: () => HTMLElement | null | undefined): void {
    void this.updateComplete.then(async () => {
      const target = find();
      await (target as { updateComplete?: Promise<unknown> } | null | undefined)?.updateComplete;
      target?.focus();
    });
  }

  /** An item's element reported a new value: put it into a fresh list and tell listeners. */
  #onItemEvent = (event: Event): void => {
    event.stopPropagation();
    // Only the item element's own events carry a value; native events are not ours to read.
    if (!(event instanceof CustomEvent)) return;
    const key = Number((event.currentTarget as HTMLElement).dataset.key);
    const keys = this.#currentKeys;
    const index = keys.indexOf(key);
    if (index < 0) return;
    const items = [...this.#items];
    items[index] = (event.detail as FieldEventDetail).value;
    this.#set(items, [...keys], event.type === 'change');
  };

  #onAction = (event: Event): void => {
    const button = event.currentTarget as HTMLButtonElement;
    const key = Number(button.dataset.key);
    const action = button.dataset.action as ItemAction;
    const keys = [...this.#currentKeys];
    const items = [...this.#items];
    const index = keys.indexOf(key);
    if (index < 0) return;
    if (action === 'remove') {
      items.splice(index, 1);
      keys.splice(index, 1);
      const next = keys[index];
      const previous = keys[index - 1];
      this.#set(items, keys, true);
      this.#focusAfterRender(() => {
        if (next !== undefined) return this.#button(next, 'remove');
        const add = this.renderRoot?.querySelector<HTMLButtonElement>('button.add');
        return add && !add.disabled ? add : this.#button(previous, 'remove');
      });
      return;
    }
    const to = action === 'move-up' ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return;
    items.splice(to, 0, ...items.splice(index, 1));
    keys.splice(to, 0, ...keys.splice(index, 1));
    this.#set(items, keys, true);
    this.#focusAfterRender(() => {
      // At the top or bottom the same button is disabled: the other move button takes focus.
      const same = this.#button(key, action);
      return same && !same.disabled
        ? same
        : this.#button(key, action === 'move-up' ? 'move-down' : 'move-up');
    });
  };

  #onAdd = (): void => {
    const key = newKey();
    this.#set([...this.#items, initialValue(this.#itemSchema)], [...this.#currentKeys, key], true);
    this.#focusAfterRender(() => this.#itemElement(key));
  };

  #button(key: number | undefined, action: ItemAction): HTMLButtonElement | null {
    return this.#row(key)?.querySelector<HTMLButtonElement>(`button.${action}`) ?? null;
  }

  /** "Colours: Item 2": what an item and its buttons are called. */
  #itemLabel(index: number): string {
    const item = phraseOf('edt_msg_item_label', `Item ${index + 1}`, this.translator, {
      index: index + 1,
    });
    return `${this.label}: ${item}`;
  }

  #renderItemControl(
    key: number,
    index: number,
    label: string,
    shared: ItemShared,
  ): TemplateResult {
    const { tag, exportparts } = shared;
    const value = this.#items[index];
    if (tag === undefined) {
      // An item schema no element understands: show the value, unchanged, rather than nothing.
      return html`<output class="item-control unknown" part="item-control" data-key=${key}
        aria-label=${label}>${JSON.stringify(value)}</output>`;
    }
    const element = unsafeStatic(tag);
    return staticHtml`<${element}
      class="item-control"
      part="item-control"
      exportparts=${exportparts ?? nothing}
      data-key=${key}
      .name=${`${this.name}[${index}]`}
      .schema=${this.#itemSchema}
      .value=${value}
      .translator=${this.translator}
      .labelText=${label}
      ?disabled=${this.disabled}
      @input=${this.#onItemEvent}
      @change=${this.#onItemEvent}
    ></${element}>`;
  }

  #renderItem(key: number, index: number, shared: ItemShared): TemplateResult {
    const { count, duplicates, texts } = shared;
    const label = this.#itemLabel(index);
    const button = (action: ItemAction, glyph: string) =>
      html`<button
        type="button"
        class=${action}
        part="button ${action}"
        data-key=${key}
        data-action=${action}
        aria-label=${`${texts[action]} (${label})`}
        ?disabled=${
          this.disabled ||
          (action === 'move-up' && index === 0) ||
          (action === 'move-down' && index === count - 1)
        }
        @click=${this.#onAction}
      ><span aria-hidden="true">${glyph}</span></button>`;
    const duplicate = duplicates.has(index);
    return html`<li
      class="item"
      part=${duplicate ? 'item duplicate' : 'item'}
      data-key=${key}
      ?data-duplicate=${duplicate}
    >
      ${this.#renderItemControl(key, index, label, shared)}
      <div class="actions" part="actions">
        ${button('move-up', '↑')}
        ${button('move-down', '↓')}
        ${button('remove', '✕')}
      </div>
    </li>`;
  }

  /** The list has no single control: see {@link GkArray.render}. */
  protected override renderControl(): TemplateResult {
    return this.#renderItems(this.#ownIssues());
  }

  /** The items, given the list's own issues (duplicates are marked). */
  #renderItems(own: readonly FieldIssue[]): TemplateResult {
    const keys = this.#currentKeys;
    const count = this.#items.length;
    if (count === 0) {
      return html`<p class="note empty" part="empty">
        ${phraseOf('edt_msg_empty_list', 'The list is empty.', this.translator)}
      </p>`;
    }
    const duplicates = new Set(
      own
        .filter((issue): issue is ValueIssue => issue.code === 'uniqueItems')
        .map((issue) => Number(issue.params.later)),
    );
    // What every item shares, worked out once per render rather than once per item.
    const tag = tagFor(this.#itemSchema);
    const shared: ItemShared = {
      count,
      duplicates,
      tag,
      exportparts: tag === undefined ? undefined : exportpartsByTag[tag],
      texts: {
        'move-up': phraseOf('edt_msg_button_move_up', 'Move entry up', this.translator),
        'move-down': phraseOf('edt_msg_button_move_down', 'Move entry down', this.translator),
        remove: phraseOf('edt_msg_button_delete_row', 'Remove entry', this.translator),
      },
    };
    return html`<ol class="items" part="items">
      ${repeat(
        keys,
        (key) => key,
        (key, index) => this.#renderItem(key, index, shared),
      )}
    </ol>`;
  }

  protected override render(): TemplateResult {
    const own = this.#ownIssues();
    const max = this.#maxItems;
    const full = max !== undefined && this.#items.length >= max;
    const message = own[0] ? messageOf(own[0], this.translator) : '';
    return html`<fieldset
      class="field"
      part="field"
      aria-invalid=${own.length > 0 ? 'true' : 'false'}
      aria-describedby=${this.errorId}
    >
      <legend part="label">${this.label}</legend>
      ${this.#renderItems(own)}
      <button
        type="button"
        class="add"
        part="button add"
        ?disabled=${this.disabled || full}
        @click=${this.#onAdd}
      ><span aria-hidden="true">+</span> ${phraseOf(
        'edt_msg_button_add_row',
        'Add entry',
        this.translator,
      )}</button>
      <p class="error" part="error" id=${this.errorId} aria-live="polite">${message}</p>
    </fieldset>`;
  }
}

/**
 * A list option (`type: array`): one element per item, of whatever kind `items` describes —
 * numbers, strings, colours, or lists again — with buttons to add, remove and reorder items.
 *
 * Each item keeps its element while the list changes: removing or moving an item never
 * re-creates or re-fills another item's element, so what someone is typing elsewhere survives.
 * Items are labelled "<option label>: Item <n>" (phrase `edt_msg_item_label`), and every button's
 * accessible name says which item it acts on. After a move, focus stays on the moved item's
 * button; after a removal it goes to the next item's remove button, else to the add button; an
 * added item takes focus itself.
 *
 * Limits: the add button is disabled at `maxItems`. Removing stays possible below `minItems` —
 * the list then shows the `minItems` message — so that people can replace items freely and are
 * told why the list is invalid rather than faced with a button that silently does nothing.
 * `uniqueItems` marks the repeated items and shows its message.
 *
 * The list is valid when its own rules hold and every item element is valid (an item's messages
 * are shown by the item). The value is always a fresh array; items keep their JSON types.
 * Item elements are the registered tags for their kind (see `tagFor`): import those elements too.
 *
 * @tag gk-array
 * @fires input - the list or an item changed; `detail` is `{ name, value }` with the whole array
 * @fires change - a change was committed: an item's change, an added, removed or moved item (same detail)
 * @csspart field - the fieldset around the list
 * @csspart label - the legend: the option's label
 * @csspart items - the list of items
 * @csspart item - one item: its element and its buttons
 * @csspart item-control - the element of one item (a gk-integer, gk-color-picker, gk-array…)
 * @csspart duplicate - an item that repeats an earlier one while `uniqueItems` is true
 * @csspart actions - the buttons of one item
 * @csspart button - every button
 * @csspart move-up - the buttons that move an item up
 * @csspart move-down - the buttons that move an item down
 * @csspart remove - the buttons that remove an item
 * @csspart add - the button that adds an item
 * @csspart empty - the note shown when the list is empty
 * @csspart error - the validation message of the list itself
 * @csspart item-field - an item's wrapper. Every part `<p>` of an item element is exported as
 *   `item-<p>` (`control` as `item-control-row`), and a nested list passes on its items' `item-*`
 *   parts, so `gk-array::part(item-input)` reaches the inputs of items at any depth
 * @csspart item-label - an item's label (a legend for colour, list and multiselect items)
 * @csspart item-control-row - the row of an item's control and unit (an item's `control`)
 * @csspart item-input - an item's input, select box or checkbox
 * @csspart item-unit - the unit after an item's input
 * @csspart item-error - an item's validation message
 * @csspart item-swatch - a colour item's preview frame
 * @csspart item-swatch-color - a colour item's preview
 * @csspart item-picker - a colour item's native colour input
 * @csspart item-channels - the wrapper of a colour item's channel inputs
 * @csspart item-channel - one channel of a colour item: its label and input
 * @csspart item-channel-label - a colour item's channel label
 * @csspart item-channel-input - a colour item's channel input
 * @csspart item-alpha - the alpha row of an RGBA colour item
 * @csspart item-alpha-slider - the alpha slider of an RGBA colour item
 * @csspart item-alpha-input - the numeric alpha input of an RGBA colour item
 * @csspart item-options - the wrapper of a multiselect item's checkboxes
 * @csspart item-option - one checkbox of a multiselect item, with its label
 * @csspart item-checkbox - the checkboxes of a multiselect item
 * @csspart item-option-label - the text of a multiselect item's checkbox
 * @csspart item-none - a multiselect item's "Nothing selected" note
 * @csspart item-items - the list of a list item
 * @csspart item-item - one item of a list item
 * @csspart item-item-control - the element of one item of a list item
 * @csspart item-duplicate - a repeated item of a list item
 * @csspart item-actions - the buttons of one item of a list item
 * @csspart item-button - every button of a list item
 * @csspart item-move-up - a list item's buttons that move its items up
 * @csspart item-move-down - a list item's buttons that move its items down
 * @csspart item-remove - a list item's buttons that remove its items
 * @csspart item-add - a list item's add button
 * @csspart item-empty - a list item's note when it is empty
 */
export class GkArray extends GkField<ArrayView> {
  static override styles = ArrayView.styles;

  protected override createView(): ArrayView {
    return new ArrayView();
  }
}

customElements.define('gk-array', GkArray);

declare global {
  interface HTMLElementTagNameMap {
    'gk-array': GkArray;
  }
}
