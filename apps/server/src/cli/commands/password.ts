/**
 * `glowkit password reset|set`: the admin password in the data directory's store. A reset is
 * the way back in for someone who forgot it: the web UI then asks for a new one at its next
 * visit, as on the first. A running server sees the change at once (it asks the store).
 */
import { type Command, UsageError } from '../command.js';
import { dataDirOf } from '../options.js';

/** Standard input as text, all of it (the password of `password set`). */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** What `password set` takes: standard input without its line ending. */
async function passwordOf(text: string): Promise<string> {
  const { PASSWORD_LENGTH } = await import('@glowkit/protocol');
  const password = text.replace(/\r?\n$/, '');
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    throw new UsageError(
      `password set reads the password from standard input: it must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters (got ${length}), e.g. printf '%s' "$PASSWORD" | glowkit password set`,
    );
  }
  return password;
}

export const passwordCommand: Command = {
  name: 'password',
  summary: 'the admin password the web UI signs in with',
  usage: [
    {
      synopsis: 'glowkit password reset',
      text: ['remove the admin password: the web UI asks for a new one at its next visit'],
    },
    {
      synopsis: 'glowkit password set',
      text: ['set the admin password, read from standard input'],
    },
  ],
  options: ['data-dir'],
  async run([action], values, io) {
    const dataDir = dataDirOf(values);
    if (action !== 'reset' && action !== 'set') {
      throw new UsageError('password needs reset or set (see glowkit password --help)');
    }
    const { openExisting, openOrCreate } = await import('../store.js');
    if (action === 'set') {
      const password = await passwordOf(await readStdin(process.stdin));
      const store = openOrCreate(dataDir, io);
      try {
        await store.password.set(password);
      } finally {
        store.close();
      }
      io.stdout.write(
        'Set the admin password. Sign in with it on the web UI (or authorize login with "password").\n',
      );
      return 0;
    }
    const store = openExisting(dataDir, io);
    let removed: boolean;
    try {
      removed = store.password.reset();
    } finally {
      store.close();
    }
    io.stdout.write(
      removed
        ? 'Removed the admin password. Open the web UI from your local network to create a new one (the first visit does, as on the first start). Browsers signed in with the old one keep their sign-in tokens: see glowkit token list, and glowkit token revoke <id>.\n'
        : 'There is no admin password; nothing changed. Open the web UI from your local network to create one.\n',
    );
    return 0;
  },
};
