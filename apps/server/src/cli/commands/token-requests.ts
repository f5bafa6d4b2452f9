/**
 * `glowkit token requests|approve|deny`: token requests live in the running server's memory, so
 * these ask it over its TCP JSON port on loopback (session.ts).
 */

import { storedTcpPort } from '../../transport/tcp-port.js';
import { type CommandIo, UsageError, type UsageLine, type Values } from '../command.js';
import { portOf } from '../options.js';
import { CliSession, replyProblem } from '../session.js';

/** The actions of `glowkit token` that ask the running server. */
export type RequestAction = 'requests' | 'approve' | 'deny';

/** Whether an action of `glowkit token` asks the running server. */
export function answersRequests(action: string | undefined): action is RequestAction {
  return action === 'requests' || action === 'approve' || action === 'deny';
}

/** Their entries of the help, after the token command's own. */
export const requestsUsage: readonly UsageLine[] = [
  {
    synopsis: 'glowkit token requests',
    text: ['list the token requests waiting in the running server'],
  },
  {
    synopsis: 'glowkit token approve <id>',
    text: ['give the client of token request <id> its token'],
  },
  { synopsis: 'glowkit token deny <id>', text: ['deny token request <id>'] },
  {
    synopsis: 'glowkit token deny --all',
    text: [
      'deny every waiting token request (a flood of them)',
      '(requests, approve and deny ask the server running',
      'with this data directory, on 127.0.0.1 and its TCP',
      'JSON port: --tcp-port, else jsonServer.port, else 19444)',
    ],
  },
];

/** The comment of the admin token `token requests|approve|deny` make for themselves. */
export const CLI_TOKEN_COMMENT = 'glowkit CLI answering token requests';

/** Time left, for people: "2 min 55 s", "40 s". */
function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** A pending request as `getPendingTokenRequests` lists it. */
interface PendingRequest {
  id: string;
  comment: string;
  timeout: number;
}

/** The requests of a reply's list (`getPendingTokenRequests`, or those denied); `timeout` 0 if none. */
function requestsOf(list: unknown): PendingRequest[] {
  const info = Array.isArray(list) ? list : [];
  return info
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => ({
      id: String(r.id ?? ''),
      comment: String(r.comment ?? ''),
      timeout: typeof r.timeout === 'number' ? r.timeout : 0,
    }));
}

/**
 * `token requests`, `token approve <id>` and `token deny <id>`: token requests live in the
 * running server's memory, so these ask it, over its TCP JSON port on loopback, with an admin
 * token made for the purpose and revoked before glowkit exits, whatever happens (an error, the
 * server going away, Ctrl-C).
 */
export async function tokenRequests(
  action: RequestAction,
  id: string | undefined,
  values: Values,
  dataDir: string,
  io: CommandIo,
): Promise<void> {
  const all = values.all === true;
  if (all && (action !== 'deny' || id)) {
    throw new UsageError('--all goes with token deny alone: deny one request by its id, or all');
  }
  if (action !== 'requests' && !id && !all) {
    throw new UsageError(
      `token ${action} needs the id of a token request (see glowkit token requests)${action === 'deny' ? ', or --all' : ''}`,
    );
  }
  const option = portOf(values, 'tcp-port');
  if (option === 0) {
    throw new UsageError(
      '--tcp-port 0 (any free port) does not say where the server listens: give the port it logged as "tcp"',
    );
  }
  // Loaded here, not at start-up: `glowkit --help` and the other commands need none of it.
  const [{ escapeControlCharacters: printable }, { openExisting }] = await Promise.all([
    import('@glowkit/protocol'),
    import('../store.js'),
  ]);
  const store = openExisting(dataDir, io);
  let temporary: string | undefined;
  /** Revokes the temporary token; says so, in one line, if that fails. */
  const revoke = () => {
    if (temporary === undefined) return;
    const tokenId = temporary;
    temporary = undefined;
    try {
      store.tokens.revoke(tokenId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(
        `glowkit: could not revoke the temporary token ${tokenId} (${message}): run glowkit token revoke ${tokenId}\n`,
      );
    }
  };
  // Ctrl-C, or the terminal closing, while waiting for the server: revoke, then exit.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals) => {
    revoke();
    store.close();
    io.stderr.write(`glowkit: stopped by ${signal}; the temporary token is revoked\n`);
    process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 129);
  };
  for (const signal of signals) process.once(signal, onSignal);
  try {
    const session = await CliSession.connect(option ?? storedTcpPort(store.read()));
    try {
      const created = store.tokens.create(CLI_TOKEN_COMMENT);
      temporary = created.info.id;
      const login = await session.call({
        command: 'authorize',
        subcommand: 'login',
        token: created.token,
      });
      if (login.success !== true) {
        throw new Error(
          login.error === 'No Authorization'
            ? `the server on ${session.where} refused a token of ${dataDir} (${replyProblem(login)}): is it running with another data directory? name that with --data-dir`
            : login.error === 'Service Unavailable'
              ? `the server on ${session.where} is restarting: try again in a moment`
              : `the server on ${session.where} refused to log in: ${replyProblem(login)}`,
        );
      }
      if (all) {
        await denyAll(session, io, printable);
        return;
      }
      const listed = await session.call({
        command: 'authorize',
        subcommand: 'getPendingTokenRequests',
      });
      if (listed.success !== true) throw new Error(replyProblem(listed));
      const pending = requestsOf(listed.info);
      if (action === 'requests') {
        if (pending.length === 0) io.stdout.write('No token requests are waiting.\n');
        // Anyone on the network may send a token request: its text is printed escaped, so that
        // it cannot break a line or drive the terminal.
        for (const r of pending) {
          io.stdout.write(
            `${printable(r.id)}  ${printable(r.comment)}  ${timeLeft(r.timeout)} left\n`,
          );
        }
        return;
      }
      const accept = action === 'approve';
      const answered = await session.call({
        command: 'authorize',
        subcommand: 'answerRequest',
        id,
        accept,
      });
      if (answered.success !== true) throw new Error(replyProblem(answered));
      const request = pending.find((r) => r.id === id);
      const name = request ? ` (“${printable(request.comment)}”)` : '';
      io.stdout.write(
        accept
          ? `Approved request ${printable(id as string)}${name}: that client now has its token.\n`
          : `Denied request ${printable(id as string)}${name}: that client is told it gets no token.\n`,
      );
    } finally {
      session.close();
    }
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    revoke();
    store.close();
  }
}

/** `token deny --all`: every waiting request denied by the server in one go, listed. */
async function denyAll(
  session: CliSession,
  io: CommandIo,
  printable: (text: string) => string,
): Promise<void> {
  const reply = await session.call({
    command: 'authorize',
    subcommand: 'denyPendingTokenRequests',
  });
  if (reply.success !== true) throw new Error(replyProblem(reply));
  const requests = requestsOf((reply.info as { denied?: unknown } | undefined)?.denied);
  if (requests.length === 0) {
    io.stdout.write('No token requests were waiting: nothing was denied.\n');
    return;
  }
  const names = requests.map((r) => `${printable(r.id)} (“${printable(r.comment)}”)`).join(', ');
  const count = requests.length === 1 ? '1 request' : `${requests.length} requests`;
  io.stdout.write(
    `Denied ${count}: ${names}; ${requests.length === 1 ? 'that client is' : 'those clients are'} told ${requests.length === 1 ? 'it gets' : 'they get'} no token.\n`,
  );
}
