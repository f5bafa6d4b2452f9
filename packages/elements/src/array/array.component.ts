import {
  isJsonObject,
  type OptionSchema,
  type ValueIssue,
  validateValue,
} from '@glowkit/effect-schema/values';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { type FieldEventDetail, type FieldIssue, GkField } from '../shared/field.js';
import { fieldStyles, groupStyles } from '../shared/field.styles.js';
import type { FormState } from '../shared/form-associated.js';
import { initialValue, tagFor } from '../shared/registry.js';
import { messageOf, phraseOf } from '../shared/translate.js';
import { arrayStyles } from './array.styles.js';
import { exportpartsOf, itemPartNames } from './item-parts.js';

/** Stable identities of list items, unique in the document. */
let lastKey = 0;
const newKey = (): number => {
  lastKey += 1;
  return lastKey;
};

/** An item element: any field (or an element not defined yet, which has none of this). */
type ItemElement = HTMLElement &
  Partial<Pick<GkField, 'value' | 'issues' | 'reportValidity' | 'formState'>>;

/** The item buttons: what each does is read from the button's `data-action`. */
type ItemAction = 'move-up' | 'move-down' | 'remove';

/** What a render of the list works out once for all its items. */
interface ItemShared {
  count: number;
  /** Indexes of items that repeat an earlier one (uniqueItems). */
  duplicates: ReadonlySet<number>;
  /** The element that shows an item, undefined when none understands the item schema. */
  tag: string | undefined;
  /** The item element's `exportparts`. */
  exportparts: string | undefined;
  /** Whether the items are disabled. */
  inactive: boolean;
  /** The buttons' translated names. */
  texts: Readonly<Record<ItemAction, string>>;
}

/**
 * A list option (`type: array`): one element per item, of whatever kind `items` describes —
 * numbers, strings, colours, or lists again — with buttons to add, remove and reorder items.
 *
 * Each item keeps its element while the list changes: removing or moving an item never
 * re-creates or re-fills another item's element, so what someone is typing elsewhere survives.
 * Items are labelled "Item <n>" (phrase `edt_msg_item_label`): the list's legend already names
 * the group, which screen readers announce with it. Every button's accessible name says which
 * item it acts on ("Remove entry (Item 2)"), and the buttons sit on their item's row. After a
 * move, focus stays on the moved item's button; after a removal it goes to the next item's remove
 * button, else to the add button; an added item takes focus itself.
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
 * Every part `<p>` of an item element is exported as `item-<p>` (its `control`, the row of its
 * input and unit, as `item-control-row`, since `item-control` is the item element itself), and a
 * list inside a list passes on its items' `item-*` parts unchanged, so `gk-array::part(item-input)`
 * reaches the inputs of items at any depth. The part names come from each item element's
 * `static parts`.
 *
 * @tag gk-array
 * @fires input - the list or an item changed; `detail` is `{ name, value }` with the whole array
 * @fires change - a change was committed: an item's change, an added, removed or moved item (same detail)
 * @csspart field - the fieldset around the list
 * @csspart label - the legend: the option's label
 * @csspart items - the list of items
 * @csspart item - one item: its element and its buttons, on one row
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
 * @csspart item-field - an item's wrapper (its fieldset, for colour, list and multiselect items)
 * @csspart item-label - an item's label, "Item 2" (a legend for colour, list and multiselect items)
 * @csspart item-control-row - the row of an item's control and unit (an item's `control`)
 * @csspart item-input - an item's input, select box or checkbox
 * @csspart item-unit - the unit after an item's input
 * @csspart item-error - an item's validation message
 * @csspart item-swatch - a colour item's swatch (its native colour input)
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
export class GkArray extends GkField {
  static override styles = [fieldStyles, groupStyles, arrayStyles];

  /** The parts the list renders itself (its items' parts come on top, see {@link GkArray.parts}). */
  static readonly ownParts: readonly string[] = [
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
  ];

  /**
   * Its own parts and every `item-*` part it passes on from its items, at any depth: those of
   * every kind of item element registered so far (an element defined later adds its parts).
   */
  static override get parts(): readonly string[] {
    return [...GkArray.ownParts, ...itemPartNames()];
  }

  /** One stable key per item, parallel to the value; the items' elements are keyed by them. */
  #keys: number[] = [];
  /** The array the keys were made for: any other value came from outside and is keyed anew. */
  #keyed: unknown;
  /** An item tag awaited with `whenDefined`, so that the list renders its exportparts then. */
  #awaited: string | undefined;

  /** The schema of the items. */
  get #itemSchema(): OptionSchema {
    return isJsonObject(this.schema.items) ? this.schema.items : {};
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
    if (this.value === undefined) return [{ code: 'required', pointer: '', params: {} }];
    const { items: _items, ...rules } = this.schema;
    return validateValue(rules, this.value);
  }

  /** Issues of each item, from its element when it shows this item's value, with pointers `/i…`. */
  #itemIssues(): FieldIssue[] {
    const keys = this.#currentKeys;
    const schema = this.#itemSchema;
    return this.#items.flatMap((item, i) => {
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
    const root = this.renderRoot;
    const first = root?.querySelector<HTMLElement>('.item-control');
    (first ?? root?.querySelector<HTMLElement>('button.add'))?.focus(options);
  }

  /** The index of the first item whose element (or, without one, whose value) is invalid. */
  #firstInvalidItem(): number {
    const keys = this.#currentKeys;
    return this.#items.findIndex((item, i) => {
      const element = this.#itemElement(keys[i]);
      return element?.issues
        ? element.issues.length > 0
        : validateValue(this.#itemSchema, item).length > 0;
    });
  }

  /** Focuses the first invalid item (or the list, when its own rules fail) and tells whether valid. */
  override reportValidity(): boolean {
    if (this.valid) return true;
    if (this.#ownIssues().length > 0) {
      this.focus();
      return false;
    }
    const element = this.#itemElement(this.#currentKeys[this.#firstInvalidItem()]);
    if (element?.reportValidity) element.reportValidity();
    else element?.focus();
    return false;
  }

  /**
   * Inside a `<form>`, the browser points at the first invalid item's control (through the item's
   * own anchor), or at the add button when the list's own rules fail.
   */
  override formState(): FormState {
    const state = super.formState();
    if (!state.message) return state;
    const item =
      this.#ownIssues().length > 0
        ? null
        : this.#itemElement(this.#currentKeys[this.#firstInvalidItem()]);
    const anchor =
      item?.formState?.().anchor ??
      this.renderRoot?.querySelector<HTMLElement>('button.add') ??
      undefined;
    return { ...state, anchor };
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    void this.#currentKeys;
  }

  #itemElement(key: number | undefined): ItemElement | null {
    // Before the first render there are no item elements (and no shadow root to look in).
    if (key === undefined || !this.hasUpdated) return null;
    return this.renderRoot.querySelector<ItemElement>(`.item-control[data-key="${key}"]`);
  }

  #row(key: number | undefined): HTMLElement | null {
    if (key === undefined) return null;
    return this.renderRoot.querySelector<HTMLElement>(`li[data-key="${key}"]`);
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
        const add = this.renderRoot.querySelector<HTMLButtonElement>('button.add');
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

  /**
   * "Item 2": what an item and its buttons are called. Not "Colours: Item 2": the legend names
   * the list, and screen readers announce it with the group.
   */
  #itemLabel(index: number): string {
    return phraseOf('edt_msg_item_label', `Item ${index + 1}`, this.translator, {
      index: index + 1,
    });
  }

  /**
   * The item element's `exportparts`, from its class's `static parts`. An item tag not defined
   * yet renders nothing, so it has no parts to export: the list renders again once it is defined.
   */
  #exportparts(tag: string): string | undefined {
    const exportparts = exportpartsOf(tag);
    if (exportparts === undefined && this.#awaited !== tag) {
      this.#awaited = tag;
      void customElements.whenDefined(tag).then(() => this.requestUpdate());
    }
    return exportparts;
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
      ?disabled=${shared.inactive}
      @input=${this.#onItemEvent}
      @change=${this.#onItemEvent}
    ></${element}>`;
  }

  #renderItem(key: number, index: number, shared: ItemShared): TemplateResult {
    const { count, duplicates, texts, inactive } = shared;
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
          inactive ||
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

  /** The list has no single control: its items stand for it (see {@link GkArray.render}). */
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
      exportparts: tag === undefined ? undefined : this.#exportparts(tag),
      inactive: this.inactive,
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
        ?disabled=${this.inactive || full}
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
