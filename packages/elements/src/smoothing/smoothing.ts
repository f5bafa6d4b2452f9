import '../checkbox/checkbox.js';
import '../integer/integer.js';
import '../number/number.js';
import { defineElement } from '../shared/define.js';
import { GkSmoothing } from './smoothing.component.js';

export {
  type SmoothingOption,
  type SmoothingValues,
  smoothingOptions,
  smoothingParts,
} from './smoothing.component.js';
export { GkSmoothing };

defineElement('gk-smoothing', GkSmoothing);

declare global {
  interface HTMLElementTagNameMap {
    'gk-smoothing': GkSmoothing;
  }
}
