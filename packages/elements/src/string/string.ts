import { defineElement } from '../shared/define.js';
import { GkString } from './string.component.js';

export { GkString };

defineElement('gk-string', GkString);

declare global {
  interface HTMLElementTagNameMap {
    'gk-string': GkString;
  }
}
