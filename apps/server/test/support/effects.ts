// User effects for the tests, written as the engine's tests write them (scripts/write-effect.mjs).
export { writeEffect } from '../../../../scripts/write-effect.mjs';
