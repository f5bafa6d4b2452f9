/** `glowkit config export|import`: the stored configuration, offline. */
import { readFile, writeFile } from 'node:fs/promises';
import { databaseFile } from '../../data-dir.js';
import { type Command, type CommandIo, UsageError } from '../command.js';
import { fileProblem } from '../file-problem.js';
import { dataDirOf } from '../options.js';

export const configCommand: Command = {
  name: 'config',
  summary: 'the stored configuration, exported and imported offline',
  usage: [
    {
      synopsis: 'glowkit config export [file]',
      text: ['write the stored configuration (stdout without a file)'],
    },
    {
      synopsis: 'glowkit config import <file>',
      text: [
        'replace the stored configuration (the old one is kept',
        'as a snapshot); a running server applies it on restart.',
        "The file: getconfig's reply or its info, or a restore",
        'request',
      ],
    },
  ],
  options: ['data-dir'],
  async run([action, path], values, io) {
    const dataDir = dataDirOf(values);
    if (action === 'export') await exportConfig(dataDir, path, io);
    else if (action !== 'import')
      throw new UsageError('config needs export or import (see glowkit --help)');
    else if (!path) throw new UsageError('config import needs the file to import');
    else await importConfig(dataDir, path, io);
    return 0;
  },
};

async function exportConfig(dataDir: string, path: string | undefined, io: CommandIo) {
  const { openExisting } = await import('../store.js');
  const store = openExisting(dataDir, io);
  let text: string;
  try {
    text = `${JSON.stringify(store.read(), null, 2)}\n`;
  } finally {
    store.close();
  }
  if (path) {
    await writeFile(path, text).catch((error: unknown) => {
      throw fileProblem(error, path, 'write');
    });
    io.stderr.write(`Configuration written to ${path}.\n`);
  } else {
    io.stdout.write(text);
  }
}

async function importConfig(dataDir: string, path: string, io: CommandIo) {
  const [
    { configurationInBackup, describeJsonSyntaxError, parseJson },
    { restoreConfigurationOf },
    { importConfiguration },
  ] = await Promise.all([
    import('@glowkit/protocol'),
    import('../../rpc/normalize.js'),
    import('../../store/export.js'),
  ]);
  const source = await readFile(path, 'utf8').catch((error: unknown) => {
    throw fileProblem(error, path, 'read');
  });
  const parsed = parseJson(source);
  if (!parsed.ok) throw new Error(`${path}: ${describeJsonSyntaxError(parsed.error)}`);
  const content = configurationInBackup(parsed.value);
  if (!content.ok) throw new Error(`${path} ${content.problem}`);
  const result = restoreConfigurationOf(content.config);
  if (!result.ok) {
    const problems = result.violations.map((v) => v.description);
    throw new Error(
      `${path} is not a valid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${problems.join('\n  ')}`,
    );
  }
  const { snapshot } = importConfiguration(
    databaseFile(dataDir),
    result.configuration,
    `import of ${path}`,
  );
  io.stdout.write(
    `Imported ${path} (${content.form}); the previous configuration is snapshot ${snapshot}. A running server applies it when it restarts.\n`,
  );
}
