/** The `glowkit` command (bin/glowkit.js runs `main`); each command lives in cli/commands/. */

export { CLI_TOKEN_COMMENT } from './cli/commands/token-requests.js';
export { main } from './cli/main.js';
