/**
 * What `npm run pack` makes, installed the way a user installs it: `npm install -g` of the one
 * tarball into a fresh prefix (the registry's packages fetched and built as npm does), then the
 * installed `glowkit` — nothing of this checkout on its paths — serves the web UI, answers
 * JSON-RPC and runs a bundled effect. One test: the install takes minutes on a busy machine.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/client.js';
import { restoreRequest } from '../support/configs.js';
import { fileDeviceConfiguration, lastFrame } from '../support/file-device.js';
import { exited, type ServerProcess, startProcess } from '../support/process.js';
import { until } from '../support/until.js';

/**
 * The bound of the whole test: the install compiles better-sqlite3 from source where no prebuilt
 * binary can be fetched, 2.5–7 minutes in CI, and over 15 at a load of 24 on two cores.
 */
const INSTALL_BOUND_MS = 1_800_000;

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'glowkit-installed-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  rmSync(work, { recursive: true, force: true });
});

/** The environment of a user's shell: none of the npm variables this test may run under. */
const userEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD'),
);

const LEDS = 8;

describe('the packed server, installed with npm install -g', () => {
  it(
    'installs from its one tarball, then serves the web UI, answers JSON-RPC and runs an effect',
    async () => {
      const { stdout: packed } = await run(
        process.execPath,
        [join(ROOT, 'scripts/pack.mjs'), '--out', work],
        { cwd: ROOT, env: userEnv },
      );
      const tarballs = readdirSync(work).filter((f) => /^glowkit-.+\.tgz$/.test(f));
      expect(tarballs, packed).toHaveLength(1);
      const prefix = join(work, 'prefix');
      await run(
        'npm',
        [
          'install',
          '--global',
          '--prefix',
          prefix,
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          // The native modules' install scripts, allowed as the README says.
          '--allow-scripts=better-sqlite3,@serialport/bindings-cpp',
          `./${tarballs[0]}`,
        ],
        // Away from the checkout, so that no workspace or lockfile of it takes part.
        { cwd: work, env: userEnv, maxBuffer: 64 * 1024 * 1024 },
      );
      const bin = join(prefix, 'bin', 'glowkit');
      expect(existsSync(bin)).toBe(true);

      // Its service unit starts the installed files, and systemd finds nothing to complain about.
      const { stdout: unit } = await run(bin, ['service', 'unit'], { env: userEnv });
      const installed = join(prefix, 'lib', 'node_modules', 'glowkit', 'bin', 'glowkit.js');
      expect(unit).toContain(`\nExecStart=${process.execPath} ${installed} start `);
      mkdirSync(join(work, 'unit'));
      writeFileSync(join(work, 'unit', 'glowkit.service'), unit);
      const verified = await run('systemd-analyze', [
        'verify',
        join(work, 'unit', 'glowkit.service'),
      ]);
      expect(`${verified.stdout}${verified.stderr}`).toBe('');

      // The installed command line works offline too: a file device to read the LEDs from.
      const dataDir = join(work, 'data');
      const output = join(work, 'leds.txt');
      const config = join(work, 'config.json');
      writeFileSync(config, JSON.stringify(restoreRequest(fileDeviceConfiguration(output, LEDS))));
      await run(bin, ['config', 'import', config, '--data-dir', dataDir], { env: userEnv });

      server = await startProcess(dataDir, 60_000, [], [bin]);
      // The process runs the installed files, not this checkout's.
      const cmdline = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8');
      expect(cmdline).toContain(join(prefix, 'bin', 'glowkit'));
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      const rpc = async (body: Record<string, unknown>) =>
        (
          await post(`${server?.http}/json-rpc`, body, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json;

      // The web UI: the page and the script it loads, from the package's own copy of the build.
      const page = await get(`${server.http}/`);
      expect(page.status).toBe(200);
      const html = page.body.toString('utf8');
      expect(html).toContain('<gk-app>');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await get(`${server.http}${script}`)).status).toBe(200);

      // JSON-RPC, with the bundled effects and their option schemas known.
      const info = (await rpc({ command: 'serverinfo' })) as {
        success: boolean;
        info: { effects: { name: string; file: string }[] };
      };
      expect(info.success).toBe(true);
      const effects = info.info.effects.map((e) => e.name);
      expect(effects).toContain('Rainbow Wave');
      const schema = (await rpc({ command: 'config', subcommand: 'getschema' })) as {
        info: { effectSchemas: { schemaLocation: string }[] };
      };
      expect(schema.info.effectSchemas.length).toBeGreaterThan(0);

      // An effect runs: its python child draws, and the device shows changing colours.
      expect(
        await rpc({ command: 'effect', effect: { name: 'Rainbow Wave' }, priority: 50 }),
      ).toMatchObject({ success: true });
      const first = await until(() => {
        const frame = lastFrame(output);
        return frame.length === LEDS && frame.some((rgb) => rgb.some((v) => v > 0)) && frame;
      }, 30_000);
      await until(() => JSON.stringify(lastFrame(output)) !== JSON.stringify(first), 30_000);

      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
      server = undefined;
    },
    INSTALL_BOUND_MS,
  );
});
