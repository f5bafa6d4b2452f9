/**
 * A flatbuffers client written from the reference (inputs.md §2), not from the server's codec:
 * it sends the messages of scripts/flatbuf-messages.mjs (shared with the web UI's end-to-end
 * tests and the benchmark) and reads Hyperion.ng's replies with the `flatbuffers` runtime.
 */
import { ByteBuffer } from 'flatbuffers';
import { connectTo, FramedClient } from './framed-client.js';

export {
  clearMessage,
  colorMessage,
  nv12Message,
  rawImageMessage,
  registerMessage,
} from '../../../../scripts/flatbuf-messages.mjs';
export { framed } from './framed-client.js';

/** A Reply as a client reads it: absent fields at their defaults. */
export interface Reply {
  error?: string;
  video: number;
  registered: number;
}

function readReply(bytes: Uint8Array): Reply {
  const bb = new ByteBuffer(bytes);
  const table = bb.readInt32(0);
  const vtable = table - bb.readInt32(table);
  const vtableSize = bb.readInt16(vtable);
  const slot = (id: number) => (4 + 2 * id < vtableSize ? bb.readInt16(vtable + 4 + 2 * id) : 0);
  const int = (id: number) => (slot(id) ? bb.readInt32(table + slot(id)) : -1);
  const reply: Reply = { video: int(1), registered: int(2) };
  if (slot(0)) reply.error = bb.__string(table + slot(0)) as string;
  return reply;
}

/** A connected flatbuffers client. */
export class FlatbufClient extends FramedClient<Reply> {
  static async connect(port: number): Promise<FlatbufClient> {
    return new FlatbufClient(await connectTo(port), readReply);
  }
}
