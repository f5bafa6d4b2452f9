/** Realistic configurations for tests: every group of both levels, our own values. */

const globalSettings = () => ({
  cecEvents: { enable: false, actions: [] },
  effects: { paths: ['$ROOT/custom-effects'], disable: [''] },
  flatbufServer: { enable: true, port: 19400, timeout: 5 },
  forwarder: { enable: false, jsonapi: [], flatbuffer: [] },
  framegrabber: { enable: false, device: 'auto', fps: 10 },
  general: { name: 'Test setup', configVersion: '2.2.2', showOptHelp: true },
  grabberAudio: { enable: false, device: 'auto' },
  grabberV4L2: { enable: false, device: 'none' },
  jsonServer: { port: 19444 },
  logger: { level: 'warn' },
  network: { localApiAuth: false },
  osEvents: { suspendEnable: true, lockEnable: true },
  protoServer: { enable: true, port: 19445, timeout: 5 },
  schedEvents: { enable: false, actions: [] },
  webConfig: { port: 8090, sslPort: 8092, crtPath: '', keyPath: '', keyPassPhrase: '' },
});

const instanceSettings = (leds: number) => ({
  backgroundEffect: { enable: false, type: 'color', color: [255, 138, 0] },
  blackborderdetector: { enable: true, threshold: 5, mode: 'default' },
  boblightServer: { enable: false, port: 19333, priority: 128 },
  color: { imageToLedMappingType: 'multicolor_mean', channelAdjustment: [] },
  device: { type: 'file', hardwareLedCount: leds, output: '/dev/null', colorOrder: 'rgb' },
  foregroundEffect: { enable: true, type: 'effect', effect: 'Rainbow swirl fast' },
  instCapture: { systemEnable: false, v4lEnable: false },
  ledConfig: { classic: { top: 1, bottom: 0, left: 0, right: 0 } },
  leds: Array.from({ length: leds }, (_, i) => ({
    hmin: i / leds,
    hmax: (i + 1) / leds,
    vmin: 0,
    vmax: 0.08,
  })),
  smoothing: { enable: true, type: 'linear', time_ms: 150, updateFrequency: 25 },
});

/** A complete configuration with instances of these ids (in this order). */
export function configuration(ids: number[] = [0, 1], leds = 4): Record<string, unknown> {
  return {
    global: { settings: globalSettings() },
    instanceIds: [...ids],
    instances: ids.map((id) => ({
      id,
      name: `Instance number ${id}`,
      enabled: true,
      settings: instanceSettings(leds),
    })),
  };
}

/** A restore request for a configuration. */
export const restoreRequest = (config: unknown, tan?: number): Record<string, unknown> => ({
  command: 'config',
  subcommand: 'restoreconfig',
  config,
  ...(tan === undefined ? {} : { tan }),
});

/** A setconfig request: global groups, or instance `instance`'s groups. */
export const setconfigRequest = (
  config: unknown,
  instance?: number,
  tan = 5,
): Record<string, unknown> => ({
  command: 'config',
  subcommand: 'setconfig',
  ...(instance === undefined ? {} : { instance }),
  config,
  tan,
});
