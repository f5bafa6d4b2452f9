/** `glowkit service unit|install`: the installed server as a systemd service. */
import { fileURLToPath } from 'node:url';
import { installService, ServiceInstallError } from '../../service/install-service.js';
import { systemdUnit, type UnitPaths } from '../../service/systemd-unit.js';
import { type Command, UsageError } from '../command.js';

/** This glowkit: the Node.js running it and its bin script, both absolute. */
function installedPaths(): UnitPaths {
  return {
    node: process.execPath,
    bin: fileURLToPath(new URL('../../../bin/glowkit.js', import.meta.url)),
  };
}

/**
 * A line for each executable the service could not run: ProtectHome hides /home and /root (a
 * Node.js from nvm, a user-prefix npm install).
 */
function hiddenByProtectHome(paths: UnitPaths): string[] {
  return Object.values(paths)
    .filter((path) => /^\/(home|root|run\/user)(\/|$)/.test(path))
    .map(
      (path) =>
        `glowkit: warning: ${path} is in a home directory, which the service cannot see (ProtectHome): install Node.js and glowkit system-wide (sudo npm install -g)\n`,
    );
}

export const serviceCommand: Command = {
  name: 'service',
  summary: 'run the installed server as a systemd service',
  usage: [
    {
      synopsis: 'glowkit service unit',
      text: ['print the systemd unit for this installation'],
    },
    {
      synopsis: 'glowkit service install',
      text: [
        'as root: write it to /etc/systemd/system/glowkit.service, create the',
        'user glowkit, and enable and start it where systemd runs',
      ],
    },
  ],
  options: [],
  async run(args, _values, io) {
    const [sub, ...extra] = args;
    if (extra.length > 0) throw new UsageError(`service ${sub} takes no arguments`);
    if (sub === 'unit' || sub === 'install') {
      for (const line of hiddenByProtectHome(installedPaths())) io.stderr.write(line);
    }
    if (sub === 'unit') {
      io.stdout.write(systemdUnit(installedPaths()));
      return 0;
    }
    if (sub === 'install') {
      try {
        for (const line of await installService(installedPaths())) io.stdout.write(`${line}\n`);
        return 0;
      } catch (error) {
        if (!(error instanceof ServiceInstallError)) throw error;
        io.stderr.write(`glowkit: ${error.message}\n`);
        return 1;
      }
    }
    throw new UsageError(
      sub === undefined
        ? 'service needs a subcommand: unit or install (see glowkit service --help)'
        : `unknown service subcommand "${sub}": use unit or install`,
    );
  },
};
