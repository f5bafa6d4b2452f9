// Benchmark: LED devices (packages/engine/dist), each figure beside its baseline in one run.
//
// 1. Serial: an `adalight` device (AWA/HyperSerial protocol) with 300 LEDs at 2,000,000 baud
//    through a socat pseudo-terminal pair for S seconds, fed a new frame on every turn of the event
//    loop: frames per second written by the device and decoded (every header and trailer checked)
//    by a reader in a child process, and this process's CPU per frame; baseline: the line-rate
//    limit that 2,000,000 baud implies on a real cable (a pty does not enforce it), and the CPU of
//    writing the same encoded bytes to the pty with plain fs writes.
// 2. DDP: a `udpddp` device with 1,000 and 5,000 LEDs at 60 fps to a receiver in a child process
//    on 127.0.0.1: packets, bytes, frames lost, this process's CPU; baseline: the same packets sent
//    with a bare dgram socket at the same rate.
//
// Flags: --seconds S (default 10 for serial, 5 per DDP size). It asserts nothing.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DeviceController, deviceConfigOf } from '../packages/engine/dist/index.js';

const { values: flags } = parseArgs({ options: { seconds: { type: 'string' } } });
const SERIAL_SECONDS = Number(flags.seconds ?? 10);
const DDP_SECONDS = Number(flags.seconds ?? 5);
const fmt = (x, digits = 1) => x.toFixed(digits);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** socat's two joined pseudo-terminals. */
async function ptyPair() {
  const socat = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  const ends = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socat did not start: ${text}`)), 5000);
    socat.stderr.on('data', (chunk) => {
      text += chunk;
      const found = [...text.matchAll(/PTY is (\S+)/g)].map((m) => m[1]);
      if (found.length === 2 && text.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return { device: ends[0], controller: ends[1], socat };
}

/**
 * A child process that reads AWA frames of `leds` LEDs from a pty, checks each header (magic,
 * count, checksum) and trailer (Fletcher sums, 0x41 → 0xAA), and prints how many it decoded and
 * how many were broken when it receives SIGTERM.
 */
function awaReader(path, leds) {
  const source = `
    const fs = require('node:fs');
    const tty = require('node:tty');
    const n = ${leds};
    const length = 6 + 3 * n + 3;
    let buffer = Buffer.alloc(0), good = 0, bad = 0;
    // A tty stream reads without blocking a thread-pool thread, so the reader can exit at once.
    const stream = new tty.ReadStream(fs.openSync(${JSON.stringify(path)}, 'r'));
    stream.setRawMode(true);
    stream.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      let at = 0;
      while (buffer.length - at >= length) {
        const hi = buffer[at + 3], lo = buffer[at + 4];
        const headerOk = buffer[at] === 0x41 && buffer[at + 1] === 0x77 && buffer[at + 2] === 0x61 &&
          hi * 256 + lo === n - 1 && buffer[at + 5] === (hi ^ lo ^ 0x55);
        if (!headerOk) { bad++; at++; continue; }
        let f1 = 0, f2 = 0, fx = 0;
        for (let i = 0; i < 3 * n; i++) {
          const b = buffer[at + 6 + i];
          f1 = (f1 + b) % 255; f2 = (f2 + f1) % 255; fx = (fx + (b ^ (i & 255))) % 255;
        }
        const t = at + 6 + 3 * n;
        if (buffer[t] === f1 && buffer[t + 1] === f2 && buffer[t + 2] === (fx === 0x41 ? 0xaa : fx)) good++;
        else bad++;
        at += length;
      }
      buffer = buffer.subarray(at);
    });
    process.on('SIGTERM', () => { process.stdout.write(JSON.stringify({ good, bad })); process.exit(0); });
    process.stdout.write('ready\\n');
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  return {
    ready: new Promise((resolve) => child.stdout.once('data', resolve)),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out.slice(out.indexOf('\n') + 1));
    },
  };
}

// --- 1. Serial --------------------------------------------------------------------------------------
{
  const LEDS = 300;
  const BAUD = 2_000_000;
  const frameBytes = 6 + 3 * LEDS + 3;
  console.log(
    `1. Serial: adalight (AWA), ${LEDS} LEDs at ${BAUD} baud through a pty, ${SERIAL_SECONDS} s`,
  );
  const pair = await ptyPair();
  const reader = awaReader(pair.controller, LEDS);
  await reader.ready;
  const { config } = deviceConfigOf({
    type: 'adalight',
    output: pair.device,
    hardwareLedCount: LEDS,
    rate: BAUD,
    streamProtocol: '2',
    delayAfterConnect: 0,
  });
  const controller = new DeviceController(config);
  await controller.enable();
  const frames = Array.from({ length: 16 }, (_, k) =>
    Uint8Array.from({ length: LEDS * 3 }, (_, i) => (i * 5 + k * 17) & 255),
  );
  const started = performance.now();
  // Frames are offered every millisecond, well above the line rate, as an effect at full speed
  // plus smoothing would; the device writes what the line takes and drops the rest.
  let offered = 0;
  const before = cpu();
  const written0 = controller.status.frames;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      controller.write(frames[offered++ & 15]);
      if (offered >= SERIAL_SECONDS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const elapsed = (performance.now() - started) / 1000;
  const used = cpu() - before;
  await controller.flush?.();
  const written = controller.status.frames - written0;
  await sleep(300);
  const decoded = await reader.stop();
  await controller.close();

  // Baseline: the same number of encoded frames written to the pty with plain fs writes.
  const pair2 = await ptyPair();
  const reader2 = awaReader(pair2.controller, LEDS);
  await reader2.ready;
  const encoded = Buffer.alloc(frameBytes, 1);
  const fd = openSync(pair2.device, 'w');
  const baseBefore = cpu();
  for (let i = 0; i < written; i++) writeSync(fd, encoded);
  const baseUsed = cpu() - baseBefore;
  closeSync(fd);
  await sleep(300);
  await reader2.stop();
  for (const p of [pair, pair2]) {
    const exited = new Promise((resolve) => p.socat.once('exit', resolve));
    p.socat.kill();
    await exited;
  }
  const lineRate = BAUD / 10 / frameBytes;
  console.log(
    `   offered ${fmt(offered / elapsed, 0)} frames/s; written ${fmt(written / elapsed)} frames/s; decoded ${fmt(decoded.good / elapsed)} frames/s (${decoded.bad} broken)`,
  );
  console.log(
    `   line-rate limit at ${BAUD} baud (10 bits a byte, ${frameBytes} bytes a frame): ${fmt(lineRate)} frames/s; written ÷ limit ${fmt(written / elapsed / lineRate, 2)}× (a pty does not enforce the baud rate)`,
  );
  console.log(
    `   server CPU: ${fmt((used / elapsed) * 100)} % of one core, ${fmt((used / Math.max(1, written)) * 1e6)} µs per frame written (offering included)`,
  );
  console.log(
    `   baseline: plain fs writes of the same ${written} frames: ${fmt((baseUsed / Math.max(1, written)) * 1e6)} µs per frame`,
  );
}

// --- 2. DDP -----------------------------------------------------------------------------------------
/** A child process counting DDP packets, bytes and complete frames (packets with the push flag). */
function ddpReceiver() {
  const source = `
    const dgram = require('node:dgram');
    const socket = dgram.createSocket('udp4');
    let packets = 0, bytes = 0, frames = 0;
    socket.on('message', (m) => { packets++; bytes += m.length; if (m[0] & 0x01) frames++; });
    socket.bind(0, '127.0.0.1', () => process.stdout.write(socket.address().port + '\\n'));
    process.on('SIGTERM', () => { process.stdout.write(JSON.stringify({ packets, bytes, frames })); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  return {
    port: new Promise((resolve) =>
      child.stdout.once('data', (c) => resolve(Number(String(c).trim()))),
    ),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out.slice(out.indexOf('\n') + 1));
    },
  };
}

console.log(`\n2. DDP to a loopback receiver at 60 fps, ${DDP_SECONDS} s per size`);
console.log('   LEDs   sent  received  lost  packets   MB     CPU % (device)  CPU % (bare dgram)');
for (const leds of [1000, 5000]) {
  const receiver = ddpReceiver();
  const port = await receiver.port;
  const { config } = deviceConfigOf({
    type: 'udpddp',
    host: '127.0.0.1',
    port,
    hardwareLedCount: leds,
  });
  const controller = new DeviceController(config);
  await controller.enable();
  const frames = Array.from({ length: 16 }, (_, k) =>
    Uint8Array.from({ length: leds * 3 }, (_, i) => (i * 3 + k * 7) & 255),
  );
  let sent = 0;
  const before = cpu();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      controller.write(frames[sent++ & 15]);
      if (sent >= DDP_SECONDS * 60) {
        clearInterval(timer);
        resolve();
      }
    }, 1000 / 60);
  });
  await controller.flush?.();
  const used = cpu() - before;
  const written = controller.status.frames;
  await sleep(200);
  // Counted before close: closing sends one more (black) frame.
  const got = await receiver.stop();
  await controller.close();

  // Baseline: the same packets (pre-split into 1450-byte datagrams) with a bare dgram socket.
  const receiver2 = ddpReceiver();
  const port2 = await receiver2.port;
  const socket = createSocket('udp4');
  const packets = [];
  for (let offset = 0; offset < leds * 3; offset += 1440) {
    const data = Math.min(1440, leds * 3 - offset);
    const packet = Buffer.alloc(10 + data, 7);
    packet[0] = offset + data >= leds * 3 ? 0x41 : 0x40;
    packets.push(packet);
  }
  let baseSent = 0;
  const baseBefore = cpu();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      for (const p of packets) socket.send(p, port2, '127.0.0.1');
      if (++baseSent >= DDP_SECONDS * 60) {
        clearInterval(timer);
        resolve();
      }
    }, 1000 / 60);
  });
  const baseUsed = cpu() - baseBefore;
  await sleep(200);
  socket.close();
  await receiver2.stop();
  console.log(
    `   ${String(leds).padStart(5)}  ${String(written).padStart(5)}  ${String(got.frames).padStart(8)}  ${String(written - got.frames).padStart(4)}  ${String(got.packets).padStart(7)}  ${fmt(got.bytes / 1e6, 2).padStart(5)}   ${fmt((used / DDP_SECONDS) * 100, 2).padStart(6)}          ${fmt((baseUsed / DDP_SECONDS) * 100, 2).padStart(6)}`,
  );
}
