import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** How much of each end of a body over the limit is kept, to read its command and tan. */
export const KEPT_END_BYTES = 64 * 1024;

/** A request body as read: its text, or why there is none, with its ends to label the reply. */
export type BodyResult =
  | { ok: true; text: string }
  | {
      ok: false;
      /** 413: over the limit (`received` bytes, after decompression); 400, 415: unreadable. */
      status: 400 | 413 | 415;
      detail: string;
      received: number;
      /**
       * The body's content encoding when it was inflated. A compressed body over the limit is
       * not read to its end (`received` is what was inflated when it stopped): answer, and close
       * the connection, whose rest was never read.
       */
      encoding?: string;
      /** The first and the last {@link KEPT_END_BYTES} bytes, as text. */
      head: string;
      tail: string;
    }
  /** The client went away before the body was whole: nobody is left to answer. */
  | { ok: false; status: 0 };

const DECODERS: Readonly<Record<string, () => NodeJS.ReadWriteStream>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Reads a request body as UTF-8 text (JSON is UTF-8; the content type is not looked at, as in
 * Hyperion.ng), inflating gzip, deflate and br bodies. A plain body over `limit` bytes is read to
 * its end but not kept, except its first and last {@link KEPT_END_BYTES}: the reply can then still
 * name the request's command and tan (hyperion-py sorts keys, so the tan comes last), and the
 * connection stays usable for the next request. A compressed body is inflated only until its
 * output passes `limit`: a few kilobytes of gzip or brotli can inflate to gigabytes (a
 * decompression bomb, which needs no token), so the decompressor is destroyed there and the rest
 * is never read; only its head is kept, and the connection must be closed. Memory and CPU stay
 * bounded whatever the client sends.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: BodyResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const encoding = String(req.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    let stream: Readable = req;
    let inflate: NodeJS.ReadWriteStream | undefined;
    let failure: { status: 400 | 415; detail: string } | undefined;
    if (encoding !== 'identity' && encoding !== '') {
      const decoder = DECODERS[encoding];
      if (!decoder) {
        failure = {
          status: 415,
          detail: `the content encoding "${encoding}" is not supported: send the body plain, gzip, deflate or br`,
        };
      } else {
        inflate = decoder();
        req.pipe(inflate);
        stream = inflate as unknown as Readable;
        inflate.on('error', (error: Error) => {
          failure ??= { status: 400, detail: `the body could not be inflated: ${error.message}` };
          req.unpipe();
          req.resume();
          finish();
        });
      }
    }
    const declared = Number(req.headers['content-length']);
    let over = encoding === 'identity' && Number.isFinite(declared) && declared > limit;
    let received = 0;
    let kept: Buffer[] = [];
    let head: Buffer | undefined;
    const tail: Buffer[] = [];
    let tailBytes = 0;

    const keepEnds = (chunk: Buffer) => {
      if (!head) {
        head = Buffer.concat([...kept, chunk]).subarray(0, KEPT_END_BYTES);
        kept = [];
      }
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tail.length > 1 && tailBytes - (tail[0]?.length ?? 0) >= KEPT_END_BYTES) {
        tailBytes -= tail.shift()?.length ?? 0;
      }
    };
    const finish = () => {
      if (failure || over) {
        const last = Buffer.concat(tail);
        settle({
          ok: false,
          ...(failure ?? {
            status: 413,
            detail: 'over the limit',
          }),
          received,
          head: (head ?? Buffer.concat(kept)).subarray(0, KEPT_END_BYTES).toString('utf8'),
          tail: last.subarray(Math.max(0, last.length - KEPT_END_BYTES)).toString('utf8'),
        });
        return;
      }
      settle({ ok: true, text: Buffer.concat(kept).toString('utf8') });
    };
    /** The inflated output passed the limit: stop inflating and reading now. */
    const stopInflating = (decoder: NodeJS.ReadWriteStream) => {
      req.unpipe();
      req.pause();
      (decoder as unknown as Readable).destroy();
      const kept = head ?? Buffer.concat(tail);
      settle({
        ok: false,
        status: 413,
        detail: 'over the limit',
        received,
        encoding,
        head: kept.subarray(0, KEPT_END_BYTES).toString('utf8'),
        tail: '',
      });
    };

    if (failure) {
      // Read the body off, so that the connection can carry the next request.
      req.resume();
      req.once('end', finish);
    } else {
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > limit) over = true;
        if (over) keepEnds(chunk);
        else kept.push(chunk);
        if (over && inflate) stopInflating(inflate);
      });
      stream.once('end', finish);
    }
    req.once('close', () => {
      if (!req.complete) settle({ ok: false, status: 0 });
    });
  });
}
