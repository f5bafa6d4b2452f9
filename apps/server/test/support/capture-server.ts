/**
 * A test server whose one instance (its LEDs on a `file` device) takes a grabber: the capture
 * tests' common set-up. The global grabber groups and `instCapture` are written into the stored
 * configuration before the server starts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childProcesses } from '../../../../scripts/child-processes.mjs';
import { fileDeviceConfiguration } from './file-device.js';
import { startServer, type TestServer } from './server.js';

/** The grabbers' retries, short for tests. */
export const CAPTURE_TIMING = { retryMinMs: 100, retryMaxMs: 400 };

/** What the instance and the server capture with. */
export interface CaptureSetUp {
  /** The instance's LEDs (along the top edge, as fileDeviceConfiguration lays them out). */
  leds: number;
  instCapture: Record<string, unknown>;
  framegrabber?: Record<string, unknown>;
  grabberV4L2?: Record<string, unknown>;
  /** Server options over `capture: { timing: CAPTURE_TIMING }`. */
  server?: Parameters<typeof startServer>[0];
}

/** Starts the server; `output` is the `file` device's file. */
export async function startCaptureServer(
  setUp: CaptureSetUp,
): Promise<{ t: TestServer; output: string }> {
  let output = '';
  const t = await startServer({
    capture: { timing: CAPTURE_TIMING },
    ...setUp.server,
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, setUp.leds, {
        instCapture: setUp.instCapture,
      });
      if (setUp.framegrabber) config.global.settings.framegrabber = setUp.framegrabber;
      if (setUp.grabberV4L2) config.global.settings.grabberV4L2 = setUp.grabberV4L2;
      server.store.replace(config, 'test set-up');
    },
  });
  return { t, output };
}

/** This process's ffmpeg children (not its X servers, not an effect's python). */
export const ffmpegChildren = (): number[] =>
  childProcesses().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ffmpeg';
    } catch {
      return false;
    }
  });
