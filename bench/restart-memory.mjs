// Benchmark: what a restore leaves behind in the server's memory. The real command
// (`glowkit start`, 4 instances of 300 LEDs on `file` devices writing to /dev/null) is restored
// --restores times back to back (POST /json-rpc `config restoreconfig`, the configuration of
// bench/support/configuration.mjs, --pause ms apart), and its RSS read (/proc/<pid>/status) every
// --every restores, after a quiet second. Prints the RSS per restore as a least-squares slope after
// the first --every restores (the warm-up), with the background of every instance either an effect
// (--background effect, default: its Python child and canvas restart with each restore) or a
// colour (--background color: the restart alone). A soak's RSS slope with a restore a minute is
// this slope × 60 per hour when the restore is what grows. It asserts nothing.
//
// Runs the built tree (npm run build first). `node bench/restart-memory.mjs [--restores N]
// [--every N] [--pause MS] [--background effect|color]`; environment variables reach the server
// (e.g. MALLOC_ARENA_MAX=2 to compare glibc's arenas).
import { parseArgs } from 'node:util';
import { configuration } from './support/configuration.mjs';
import { postJson, rssOf, startGlowkit } from './support/glowkit-process.mjs';

const { values: flags } = parseArgs({
  options: {
    restores: { type: 'string', default: '60' },
    every: { type: 'string', default: '10' },
    pause: { type: 'string', default: '1500' },
    background: { type: 'string', default: 'effect' },
  },
});
const RESTORES = Number(flags.restores);
const EVERY = Math.max(1, Number(flags.every));
const PAUSE_MS = Number(flags.pause);
const EFFECTS = ['Rainbow Wave', 'Campfire', 'Scanner', 'Palette Journey'];
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Four instances of 300 LEDs on /dev/null; step turns the effects so each restore differs. */
function restoreConfiguration(step) {
  const config = configuration(step);
  config.instances.forEach((instance, i) => {
    const s = instance.settings;
    s.leds = s.leds.slice(0, 300);
    s.device = { type: 'file', hardwareLedCount: 300, output: '/dev/null', autoStart: true };
    s.foregroundEffect = { ...s.foregroundEffect, enable: false };
    s.backgroundEffect = {
      ...s.backgroundEffect,
      enable: true,
      type: flags.background === 'color' ? 'color' : 'effect',
      effect: EFFECTS[(i + step) % EFFECTS.length],
    };
  });
  config.global.settings.flatbufServer.enable = false;
  config.global.settings.protoServer.enable = false;
  config.global.settings.network = { localApiAuth: true, ssdp: false, mdns: false };
  return config;
}

function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const server = await startGlowkit(restoreConfiguration(0));
try {
  console.log(
    `restart-memory: ${RESTORES} restores, ${flags.background} backgrounds, ${PAUSE_MS} ms apart`,
  );
  const points = [];
  await sleep(2000);
  console.log(`  restores      0  RSS ${(rssOf(server.pid) / MB).toFixed(1)} MB`);
  for (let step = 1; step <= RESTORES; step++) {
    const reply = await postJson(server.ports.http, server.token, {
      command: 'config',
      subcommand: 'restoreconfig',
      config: restoreConfiguration(step),
    });
    if (!reply.success) throw new Error(`restore ${step} failed: ${JSON.stringify(reply)}`);
    await sleep(PAUSE_MS);
    if (step % EVERY === 0) {
      await sleep(1000);
      const rss = rssOf(server.pid) / MB;
      if (step >= EVERY) points.push([step, rss]);
      console.log(`  restores ${String(step).padStart(6)}  RSS ${rss.toFixed(1)} MB`);
    }
  }
  const perRestore = slope(points) * 1024;
  console.log(
    `RSS per restore after the first ${EVERY}: ${perRestore.toFixed(0)} KB (× 60 an hour: ${((perRestore * 60) / 1024).toFixed(1)} MB/h)`,
  );
} finally {
  await server.stop();
}
