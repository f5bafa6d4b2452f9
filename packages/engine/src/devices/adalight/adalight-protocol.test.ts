import { instanceRunSettings, type RunDevice } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { adalightSettingsOf, createAdalightEncoder } from './adalight-protocol.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const hexOf = (data: Uint8Array) => Buffer.from(data).toString('hex');

/** The adalight keys as the engine gets them: a stored group through the server's instanceRunSettings. */
function settingsOf(keys: Record<string, unknown>) {
  const { device } = instanceRunSettings({ device: { type: 'adalight', ...keys } });
  return adalightSettingsOf(device as RunDevice<'adalight'>);
}

describe('createAdalightEncoder: Ada', () => {
  it('sends "Ada", hi:lo = N − 1, hi ^ lo ^ 0x55, then the RGB bytes as given', () => {
    const encoder = createAdalightEncoder('ada', 2);
    expect(encoder.frameLength).toBe(12);
    expect(hexOf(encoder.encode(bytes(255, 0, 0, 1, 2, 3)))).toBe('416461000154' + 'ff0000010203');
  });

  it('puts the count big-endian with the checksum of both bytes', () => {
    const encoder = createAdalightEncoder('ada', 300); // 299 = 0x012b; 0x01 ^ 0x2b ^ 0x55 = 0x7f
    const frame = encoder.encode(new Uint8Array(900).fill(7));
    expect(hexOf(frame.subarray(0, 6))).toBe('416461012b7f');
    expect(frame.length).toBe(906);
    expect(frame.subarray(6).every((b) => b === 7)).toBe(true);
  });

  it('overwrites the previous frame in the same buffer', () => {
    const encoder = createAdalightEncoder('ada', 1);
    const first = encoder.encode(bytes(1, 2, 3));
    const second = encoder.encode(bytes(4, 5, 6));
    expect(second).toBe(first);
    expect(hexOf(second)).toBe('416461000055040506');
  });

  it('refuses a frame of another length', () => {
    const encoder = createAdalightEncoder('ada', 2);
    expect(() => encoder.encode(bytes(1, 2, 3))).toThrow(
      'adalight device: a frame of 3 bytes for 2 LEDs; send 3 bytes per hardware LED',
    );
  });
});

describe('createAdalightEncoder: LightBerry APA102', () => {
  it('sends hi:lo = N, 4 zero bytes, 0xFF R G B per LED and an end frame of at least 4 zeros', () => {
    const encoder = createAdalightEncoder('lbapa', 2);
    expect(hexOf(encoder.encode(bytes(10, 20, 30, 40, 50, 60)))).toBe(
      '416461000257' + '00000000' + 'ff0a141e' + 'ff28323c' + '00000000',
    );
    expect(encoder.frameLength).toBe(22);
  });

  it('makes the end frame ⌊(N + 15) / 16⌋ bytes once that is more than 4', () => {
    // 100 LEDs: ⌊115 / 16⌋ = 7; hi:lo = 0x0064, 0x00 ^ 0x64 ^ 0x55 = 0x31.
    const encoder = createAdalightEncoder('lbapa', 100);
    const frame = encoder.encode(new Uint8Array(300).fill(0x80));
    expect(frame.length).toBe(6 + 4 + 400 + 7);
    expect(hexOf(frame.subarray(0, 10))).toBe('41646100643100000000');
    expect(hexOf(frame.subarray(10 + 99 * 4))).toBe('ff808080' + '00000000000000');
  });
});

describe('createAdalightEncoder: AWA', () => {
  it('sends "Awa", hi:lo = N − 1, then RGB and fletcher1, fletcher2, fletcherExt over it', () => {
    // f1: 1, 3, 6; f2: 1, 4, 10; fx: 1^0 + 2^1 + 3^2 = 1 + 3 + 1 = 5.
    const encoder = createAdalightEncoder('awa', 1);
    expect(hexOf(encoder.encode(bytes(1, 2, 3)))).toBe('417761000055' + '010203' + '060a05');
  });

  it('sends "AwA" and the limit, red, green and blue bytes inside the checksum with calibration', () => {
    // Body 01 02 03 ff 0a 14 1e: f1 = 66, f2 = 134, fx = 57 (worked by hand, position by position).
    const encoder = createAdalightEncoder('awa', 1, { limit: 255, red: 10, green: 20, blue: 30 });
    expect(encoder.frameLength).toBe(6 + 3 + 4 + 3);
    expect(hexOf(encoder.encode(bytes(1, 2, 3)))).toBe(
      '417741000055' + '010203' + 'ff0a141e' + '428639',
    );
  });

  it('sends 0xAA instead of a fletcherExt of 0x41', () => {
    // fx = 0x41^0 + 1^1 + 2^2 = 0x41; f1 = 0x44; f2 = 0x41 + 0x42 + 0x44 = 0xc7.
    const encoder = createAdalightEncoder('awa', 1);
    expect(hexOf(encoder.encode(bytes(0x41, 1, 2)))).toBe('417761000055' + '410102' + '44c7aa');
  });

  it('counts the position in 8 bits, wrapping after 256 bytes', () => {
    // 86 LEDs = 258 zero bytes: fx = (0 + … + 255) + 0 + 1 = 32641 ≡ 1 (mod 255). A position that
    // did not wrap would give 32640 + 256 + 257 ≡ 3. hi:lo = 85 = 0x55, so chk = 0x00.
    const encoder = createAdalightEncoder('awa', 86);
    const frame = encoder.encode(new Uint8Array(258));
    expect(hexOf(frame.subarray(0, 6))).toBe('417761005500');
    expect(hexOf(frame.subarray(-3))).toBe('000001');
  });

  it('matches a plain reading of the description on random frames', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    };
    for (const calibration of [undefined, { limit: 128, red: 176, green: 176, blue: 112 }]) {
      const encoder = createAdalightEncoder('awa', 500, calibration);
      for (let round = 0; round < 5; round++) {
        const rgb = Uint8Array.from({ length: 1500 }, random);
        const frame = encoder.encode(rgb);
        const body = frame.subarray(6, frame.length - 3);
        let f1 = 0;
        let f2 = 0;
        let fx = 0;
        body.forEach((b, i) => {
          f1 = (f1 + b) % 255;
          f2 = (f2 + f1) % 255;
          fx = (fx + (b ^ (i % 256))) % 255;
        });
        expect([...frame.subarray(-3)]).toEqual([f1, f2, fx === 0x41 ? 0xaa : fx]);
        expect(frame.subarray(6, 1506)).toEqual(rgb);
      }
    }
  });
});

// More than 65535 LEDs with LightBerry is refused by the settings (protocol's relations.ts).
describe('createAdalightEncoder: limits', () => {
  it('fills the count field at the largest counts the settings allow', () => {
    expect(
      hexOf(createAdalightEncoder('ada', 65536).encode(new Uint8Array(196608)).subarray(0, 6)),
    ).toBe('416461ffff55');
    expect(
      hexOf(createAdalightEncoder('lbapa', 65535).encode(new Uint8Array(196605)).subarray(0, 6)),
    ).toBe('416461ffff55');
  });
});

describe('adalightSettingsOf', () => {
  it('defaults to "auto", Ada, 115200 baud and 1500 ms after connecting (ng code default)', () => {
    expect(settingsOf({})).toEqual({
      output: 'auto',
      protocol: 'ada',
      calibration: undefined,
      baudRate: 115200,
      delayAfterConnect: 1500,
    });
    expect(settingsOf({ output: 'AUTO' }).output).toBe('auto');
  });

  it('reads streamProtocol "0", "1" and "2"', () => {
    expect(settingsOf({ streamProtocol: '0' }).protocol).toBe('ada');
    expect(settingsOf({ streamProtocol: '1' }).protocol).toBe('lbapa');
    expect(settingsOf({ streamProtocol: '2' }).protocol).toBe('awa');
  });

  it('runs lightberry_apa102_mode when streamProtocol is absent, as ng 2.0.13 migrates it', () => {
    expect(settingsOf({ lightberry_apa102_mode: true }).protocol).toBe('lbapa');
    expect(settingsOf({ lightberry_apa102_mode: false }).protocol).toBe('ada');
    // streamProtocol wins over the legacy key, as in ng after the upgrade.
    expect(settingsOf({ streamProtocol: '2', lightberry_apa102_mode: true }).protocol).toBe('awa');
  });

  it('reads the white-channel calibration for AWA: limit = round(% · 255 / 100)', () => {
    expect(
      settingsOf({
        streamProtocol: '2',
        white_channel_calibration: true,
        white_channel_limit: 50.25, // 128.1 → 128
        white_channel_red: 176,
        white_channel_green: 160,
        white_channel_blue: 112,
      }).calibration,
    ).toEqual({ limit: 128, red: 176, green: 160, blue: 112 });
    expect(
      settingsOf({ streamProtocol: '2', white_channel_calibration: true }).calibration,
    ).toEqual({ limit: 255, red: 255, green: 255, blue: 255 });
  });

  it('ignores the calibration keys unless AWA with calibration on', () => {
    expect(
      settingsOf({ streamProtocol: '0', white_channel_calibration: true, white_channel_limit: 5 })
        .calibration,
    ).toBeUndefined();
    expect(settingsOf({ streamProtocol: '2', white_channel_limit: 50 }).calibration).toBe(
      undefined,
    );
  });

  it('takes the baud rate from rateList, or from rate when rateList is "CUSTOM" or absent', () => {
    expect(settingsOf({ rateList: '2000000', rate: 2000000 }).baudRate).toBe(2000000);
    expect(settingsOf({ rateList: '115200', rate: 2000000 }).baudRate).toBe(115200);
    expect(settingsOf({ rateList: 'CUSTOM', rate: 500000 }).baudRate).toBe(500000);
    // Hyperion.ng writes the rate alone.
    expect(settingsOf({ rate: 460800 }).baudRate).toBe(460800);
    expect(settingsOf({ rate: 500000 }).baudRate).toBe(500000);
  });
});
