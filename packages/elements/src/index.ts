/**
 * @packageDocumentation
 * Registers every Glowkit element (`gk-*`) and exports their classes and types. To extend an
 * element without registering the `gk-*` tags, import `@glowkit/elements/components`.
 */
import './effect-form/effect-form.js';

export * from './components.js';
