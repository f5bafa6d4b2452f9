/**
 * `glowkit token create|list|revoke`: admin tokens in the data directory's store; and, through
 * token-requests.ts, `token requests|approve|deny`, which ask the running server.
 */
import { type Command, UsageError } from '../command.js';
import { dataDirOf } from '../options.js';
import { answersRequests, requestsUsage, tokenRequests } from './token-requests.js';

export const tokenCommand: Command = {
  name: 'token',
  summary: 'admin tokens, and the token requests of the running server',
  usage: [
    {
      synopsis: 'glowkit token create --comment <text>',
      text: ['create an admin token; it is shown once'],
    },
    {
      synopsis: 'glowkit token list',
      text: ['list tokens (ids and comments, never the tokens)'],
    },
    { synopsis: 'glowkit token revoke <id>', text: ['revoke a token'] },
    ...requestsUsage,
  ],
  options: ['data-dir', 'tcp-port'],
  flags: { comment: { type: 'string' }, all: { type: 'boolean' } },
  async run([action, id], values, io) {
    const dataDir = dataDirOf(values);
    // Usage is checked before anything is opened, so that a mistake creates nothing.
    const comment = (values.comment as string | undefined)?.trim();
    if (action === 'create' && (!comment || comment.length < 5)) {
      throw new UsageError('token create needs --comment <text> of at least 5 characters');
    }
    if (action === 'revoke' && !id) {
      throw new UsageError('token revoke needs the id of a token (see glowkit token list)');
    }
    if (answersRequests(action)) {
      await tokenRequests(action, id, values, dataDir, io);
      return 0;
    }
    if (values.all) throw new UsageError('--all goes with token deny only');
    if (action !== 'create' && action !== 'list' && action !== 'revoke') {
      throw new UsageError(
        'token needs create, list, revoke, requests, approve or deny (see glowkit --help)',
      );
    }
    // Only create may make a new data directory: list and revoke need tokens to exist.
    const { openExisting, openOrCreate } = await import('../store.js');
    const store = action === 'create' ? openOrCreate(dataDir, io) : openExisting(dataDir, io);
    try {
      if (action === 'create') {
        const { info, token: secret } = store.tokens.create(comment as string);
        io.stdout.write(
          `Token ${info.id} (${info.comment}); shown once, keep it safe:\n\n  ${secret}\n\n`,
        );
      } else if (action === 'list') {
        const tokens = store.tokens.list();
        if (tokens.length === 0) io.stdout.write('No tokens.\n');
        for (const t of tokens) {
          io.stdout.write(
            `${t.id}  ${t.comment}  created ${t.createdAt}  last used ${t.lastUse ?? 'never'}\n`,
          );
        }
      } else {
        if (!store.tokens.revoke(id as string))
          throw new Error(`no token has the id ${id} (see glowkit token list)`);
        io.stdout.write(`Token ${id} revoked.\n`);
      }
    } finally {
      store.close();
    }
    return 0;
  },
};
