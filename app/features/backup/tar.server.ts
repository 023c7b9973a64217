import type { Readable, Writable } from "node:stream";

/**
 * A small POSIX tar (ustar + pax) writer and reader for backup archives, so
 * entries can be streamed from anywhere (a file, a bucket, a buffer) without
 * staging a copy on disk first. Long names use pax "path" records, which
 * GNU tar, bsdtar and 7-Zip all read: `tar -xzf backup.tar.gz` works.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, type: "0" | "x", mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 99), 0, "utf8");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  // The length prefix counts itself.
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return Buffer.from(`${length}${body}`, "utf8");
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve, reject) => {
    const done = () => {
      out.off("error", fail);
      resolve();
    };
    const fail = (error: Error) => {
      out.off("drain", done);
      reject(error);
    };
    out.once("drain", done);
    out.once("error", fail);
  });
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** Adds one file whose size is known in advance; the stream must deliver exactly that many bytes. */
  async add(name: string, size: number, body: Readable | Buffer, mtime = new Date()): Promise<void> {
    if (Buffer.byteLength(name) > 99 || /[^\x20-\x7e]/.test(name)) {
      const pax = paxRecord("path", name);
      await write(this.out, header("PaxHeader", pax.length, "x", mtime));
      await write(this.out, pax);
      await write(this.out, padding(pax.length));
    }
    await write(this.out, header(name, size, "0", mtime));
    let written = 0;
    if (Buffer.isBuffer(body)) {
      await write(this.out, body);
      written = body.length;
    } else {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        written += buffer.length;
        if (written > size) throw new Error(`${name} grew while it was being archived`);
        await write(this.out, buffer);
      }
    }
    if (written !== size) throw new Error(`${name}: expected ${size} bytes, read ${written}`);
    await write(this.out, padding(size));
  }

  /** Two empty blocks end the archive. */
  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
    this.out.end();
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be consumed (or drained) before the next entry is read. */
  body: AsyncIterable<Buffer>;
}

/** Reads the regular files of an (already decompressed) tar stream, one at a time. */
export async function* readTar(input: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<TarEntry> {
  const iterator = input[Symbol.asyncIterator]();
  let buffered = Buffer.alloc(0);
  let ended = false;
  const fill = async (n: number) => {
    while (buffered.length < n && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else buffered = Buffer.concat([buffered, Buffer.from(next.value)]);
    }
    if (buffered.length < n) throw new Error("The archive is truncated.");
  };
  const take = async (n: number) => {
    await fill(n);
    const out = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return out;
  };
  let paxPath: string | undefined;
  for (;;) {
    const block = await take(BLOCK);
    if (block.every((b) => b === 0)) return;
    const text = (start: number, length: number) => block.subarray(start, start + length).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(text(124, 12).trim() || "0", 8);
    const type = text(156, 1) || "0";
    const prefix = text(345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === "x") {
      const records = (await take(padded)).subarray(0, size).toString("utf8");
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1] ?? paxPath;
      continue;
    }
    paxPath = undefined;
    if (type !== "0") {
      await take(padded);
      continue;
    }
    let remaining = size;
    let consumed = false;
    const body = async function* () {
      consumed = true;
      while (remaining > 0) {
        if (buffered.length === 0) await fill(1);
        const piece = buffered.subarray(0, Math.min(remaining, buffered.length));
        buffered = buffered.subarray(piece.length);
        remaining -= piece.length;
        yield Buffer.from(piece);
      }
    };
    yield { name, size, body: body() };
    if (!consumed) for await (const piece of body()) void piece;
    else while (remaining > 0) await take(Math.min(remaining, BLOCK * 128)).then((p) => (remaining -= p.length));
    await take(padded - size);
  }
}
