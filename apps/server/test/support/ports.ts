// One picker of loopback ports for every test of the repository (see scripts/free-port.mjs).
export { freePort } from '../../../../scripts/free-port.mjs';
