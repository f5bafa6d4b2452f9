/**
 * `output: "auto"` for serial devices: the first USB serial port, as Hyperion.ng's
 * `ProviderRs232::discoverFirst` picks the first port its serial library lists.
 */
import { errorFirstLine } from '@glowkit/protocol';

/** What a port listing says about one port (serialport's `PortInfo`, the fields used here). */
export interface ListedPort {
  path: string;
  vendorId?: string | undefined;
  productId?: string | undefined;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
}

/** Lists the serial ports of the machine; default serialport's `SerialPort.list()`. */
export type SerialPortLister = () => Promise<readonly ListedPort[]>;

/**
 * The serial ports of the machine as serialport lists them (`SerialPort.list()`: udev on
 * Linux): what a UI offers for `device.output`. Pseudo-terminals (socat's included) are not
 * listed.
 */
export const listSerialPorts: SerialPortLister = async () => {
  // Loaded here, not with the engine: most servers never list serial ports.
  const { SerialPort } = await import('serialport');
  return SerialPort.list();
};

/**
 * The path of the first USB serial port (a port with a USB vendor id), in the lister's order.
 * Rejects with a one-line message when there is none or the ports cannot be listed.
 *
 * Unlike ng, built-in UARTs (`/dev/ttyS0`, which every PC lists whether or not anything is
 * attached) are skipped: an Adalight controller is a USB device (Arduino, ESP), and streaming to
 * an empty UART would look like success while the LEDs stay dark.
 */
export async function findUsbSerialPort(
  list: SerialPortLister = listSerialPorts,
  who = 'adalight device',
): Promise<string> {
  let ports: readonly ListedPort[];
  try {
    ports = await list();
  } catch (error) {
    const reason = errorFirstLine(error);
    throw new Error(
      `${who}: cannot list the serial ports for output "auto" (${reason}); set device.output to the port's path`,
    );
  }
  const usb = ports.find((port) => typeof port.vendorId === 'string' && port.vendorId !== '');
  if (usb === undefined) {
    const others = ports.map((port) => port.path).join(', ');
    throw new Error(
      `${who}: no USB serial port found for output "auto"${others ? ` (only ${others})` : ''}; plug the controller in, or set device.output to its path (e.g. /dev/ttyUSB0)`,
    );
  }
  return usb.path;
}
