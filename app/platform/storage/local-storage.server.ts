import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { assertSafeKey, contentTypeForKey, isSafeKey, ObjectExistsError, type ByteRange, type ObjectInfo, type PutOptions, type Storage, type StoredObject } from "./objects";

/**
 * Files on local disk under DATA_DIR/uploads. Writes go to a temporary name
 * and are then hard-linked into place: link() fails when the name exists,
 * so two writers can never overwrite each other, and a reader never sees a
 * half-written file. The content type follows from the key's extension,
 * which the server chose from the file's content.
 */
export class LocalStorage implements Storage {
  readonly kind = "local" as const;

  constructor(readonly root: string) {}

  publicUrl(key: string): string {
    return `/media/${key}`;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  private async install(key: string, writeTemp: (tempPath: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.tmp-${crypto.randomBytes(8).toString("hex")}`);
    try {
      await writeTemp(temp);
      await fsp.link(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError(key);
      throw error;
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  async probe(): Promise<void> {
    // A write, not a look: a read-only or missing volume must fail here, not at the next upload.
    await fsp.mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.tmp-probe-${crypto.randomBytes(8).toString("hex")}`);
    try {
      await fsp.writeFile(probe, "", { flag: "wx" });
    } finally {
      await fsp.rm(probe, { force: true });
    }
  }

  async putFile(key: string, filePath: string, _options: PutOptions): Promise<void> {
    await this.install(key, (temp) => fsp.copyFile(filePath, temp));
  }

  async putStream(key: string, body: Readable, _options: PutOptions): Promise<void> {
    await this.install(key, (temp) => pipeline(body, fs.createWriteStream(temp, { flags: "wx" })));
  }

  async moveFileIn(key: string, filePath: string, options: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      // Same file system: a hard link is instant and fails if the name is taken.
      await fsp.link(filePath, target);
      await fsp.rm(filePath, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new ObjectExistsError(key);
      if (code !== "EXDEV" && code !== "EPERM") throw error;
      await this.putFile(key, filePath, options);
      await fsp.rm(filePath, { force: true });
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await fsp.stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<StoredObject> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        // Half-written temporaries (.tmp-…) are not objects; the clean-up job removes old ones.
        else if (entry.isFile() && isSafeKey(key)) {
          const info = await fsp.stat(path.join(dir, entry.name)).catch(() => null);
          if (info) yield { key, size: info.size, modifiedAt: info.mtime };
        }
      }
    };
    yield* walk(this.root, "");
  }
}
