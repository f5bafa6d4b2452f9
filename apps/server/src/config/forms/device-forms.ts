/**
 * The forms of the `device` group, one per device type the engine drives, with each protocol's
 * own keys and the bounds the engine applies (packages/engine/src/devices: `deviceConfigOf`,
 * `adalightSettingsOf`, `fileDeviceOptionsOf`, `udpTargetOptionsOf`, `wledSettingsOf`). The
 * `type` key is not an option: it is the key the form is listed under, and the saved group holds
 * it. Keys the forms leave out (`wled`'s `segments`, legacy keys) are kept by merging the form's
 * value over the stored group.
 */
import type { GroupFormSchema } from '@glowkit/protocol';
import {
  boolean,
  type FormOption,
  form,
  integer,
  number,
  select,
  shownWhen,
  text,
} from './form.js';

const TITLE = 'edt_dev_general_heading_title';
const COLOR_ORDERS = ['rgb', 'bgr', 'rbg', 'brg', 'gbr', 'grb'] as const;

/** The keys every device has (`deviceConfigOf`), after its own. */
const COMMON: Record<string, FormOption> = {
  hardwareLedCount: integer('edt_dev_general_hardwareLedCount_title', 1, 65536, 1, {
    append: 'edt_append_leds',
  }),
  colorOrder: select(
    'edt_dev_general_colorOrder_title',
    COLOR_ORDERS,
    'rgb',
    COLOR_ORDERS.map((order) => `edt_conf_enum_${order}`),
  ),
  autoStart: boolean('edt_dev_general_autostart_title', true),
  latchTime: integer('edt_dev_spec_latchtime_title', 0, 1000, 0, { append: 'edt_append_ms' }),
  rewriteTime: integer('edt_dev_general_rewriteTime_title', 0, 3_600_000, 0, {
    append: 'edt_append_ms',
    step: 100,
  }),
  enableAttempts: integer('edt_dev_general_enableAttempts_title', 0, 120, 6),
  enableAttemptsInterval: integer('edt_dev_general_enableAttemptsInterval_title', 5, 120, 15, {
    append: 'edt_append_s',
  }),
};

/** Hyperion.ng's baud rate list (`rateList`); "CUSTOM" means `rate`. */
const RATES = (
  'CUSTOM 9600 14400 19200 28800 33600 38400 56000 57600 76800 115200 128000 153600 230400 ' +
  '256000 307200 460800 921600 1000000 1500000 2000000 3000000 4000000'
).split(' ');

const whiteChannel = (title: string): FormOption =>
  shownWhen('white_channel_calibration', true, integer(title, 0, 255, 255));

const adalight: Record<string, FormOption> = {
  output: text('edt_dev_spec_serialPort_title', 'auto'),
  streamProtocol: select('edt_dev_spec_stream_protocol_title', ['0', '1', '2'], '0', [
    'edt_conf_enum_ada',
    'edt_conf_enum_lbapa',
    'edt_conf_enum_awa',
  ]),
  rateList: select('edt_dev_spec_baudrate_title', RATES, '115200'),
  rate: shownWhen(
    'rateList',
    'CUSTOM',
    integer('edt_dev_spec_baudrate_custom_title', 300, 4_000_000, 115200),
  ),
  delayAfterConnect: integer('edt_dev_spec_delayAfterConnect_title', 0, 60_000, 1500, {
    append: 'edt_append_ms',
    step: 100,
  }),
  white_channel_calibration: shownWhen(
    'streamProtocol',
    '2',
    boolean('edt_dev_spec_white_channel_calibration_title', false),
  ),
  white_channel_limit: shownWhen(
    'white_channel_calibration',
    true,
    number('edt_dev_spec_white_channel_limit_title', 0, 100, 100, {
      step: 0.25,
      append: 'edt_append_percent',
    }),
  ),
  white_channel_red: whiteChannel('edt_dev_spec_white_channel_red_title'),
  white_channel_green: whiteChannel('edt_dev_spec_white_channel_green_title'),
  white_channel_blue: whiteChannel('edt_dev_spec_white_channel_blue_title'),
};

const udp = (port: number): Record<string, FormOption> => ({
  host: text('edt_dev_spec_targetIpHost_title', ''),
  port: integer('edt_dev_spec_port_title', 1, 65535, port),
});

const wled: Record<string, FormOption> = {
  host: text('edt_dev_spec_targetIpHost_title', ''),
  streamProtocol: select('edt_dev_spec_stream_protocol_title', ['DDP', 'RAW'], 'DDP', [
    'edt_conf_enum_ddp',
    'edt_conf_enum_udpraw',
  ]),
  restoreOriginalState: boolean('edt_dev_spec_restoreOriginalState_title', true),
  stayOnAfterStreaming: boolean('edt_dev_spec_stayOnAfterStreaming_title', false),
  overwriteSync: boolean('edt_dev_spec_overwriteSync_title', true),
  overwriteBrightness: boolean('edt_dev_spec_brightnessOverwrite_title', true),
  brightness: shownWhen(
    'overwriteBrightness',
    true,
    integer('edt_dev_spec_brightness_title', 0, 255, 255),
  ),
};

/** The `device` forms by type; a type of the engine without a form here gets the common keys. */
export function deviceForms(types: readonly string[]): Record<string, GroupFormSchema> {
  const own: Record<string, Record<string, FormOption>> = {
    adalight,
    file: {
      output: text('edt_dev_spec_outputPath_title', '/dev/null'),
      printTimeStamp: boolean('edt_dev_spec_printTimeStamp_title', false),
    },
    udpddp: udp(4048),
    udpraw: udp(5568),
    virtual: {},
    wled,
  };
  return Object.fromEntries(
    types.map((type) => [type, form(TITLE, { ...(own[type] ?? {}), ...COMMON })]),
  );
}
