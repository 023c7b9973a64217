import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import type * as AwsS3 from "@aws-sdk/client-s3";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { assertSafeKey, contentTypeForKey, IMMUTABLE_CACHE_CONTROL, isSafeKey, ObjectExistsError, STAGED_UPLOAD_PREFIX, type ByteRange, type ObjectInfo, type PutOptions, type Storage, type StoredObject } from "./objects";

export interface S3Config {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL (bucket or CDN); without it files are served through the app. */
  publicUrl?: string;
}

/** Parts are buffered one at a time, so this bounds the memory an upload uses. */
const PART_SIZE = 8 * 1024 * 1024;

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    // Path-style works with every S3-compatible service (MinIO, R2, s3rver…).
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several compatible services reject the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

function isPreconditionFailed(error: unknown): boolean {
  const e = error as { $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 412;
}

/** The AWS SDK, imported on first use: it costs a tenth of a second or more to load, and the embedded default never needs it. */
type Sdk = typeof AwsS3;
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> => (sdk ??= import("@aws-sdk/client-s3"));

/** S3-compatible object storage, written with multipart uploads for anything big. */
export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  readonly bucket: string;
  private clientPromise: Promise<{ client: S3Client; sdk: Sdk }> | undefined;

  constructor(
    readonly config: S3Config,
    private readonly tempDir: string,
  ) {
    this.bucket = config.bucket;
  }

  /** The SDK's client and command classes, loaded and made on first use. */
  private async s3(): Promise<{ client: S3Client; sdk: Sdk }> {
    this.clientPromise ??= loadSdk().then((loaded) => ({ client: new loaded.S3Client(s3ClientConfig(this.config)), sdk: loaded }));
    return this.clientPromise;
  }

  publicUrl(key: string): string {
    return this.config.publicUrl ? `${this.config.publicUrl}/${key}` : `/media/${key}`;
  }

  private async refuseExisting(key: string): Promise<void> {
    assertSafeKey(key);
    if (await this.stat(key)) throw new ObjectExistsError(key);
  }

  private common(key: string, options: PutOptions) {
    return { Bucket: this.bucket, Key: key, ContentType: options.contentType, CacheControl: IMMUTABLE_CACHE_CONTROL };
  }

  private async putSmall(key: string, body: Buffer | Readable, length: number, options: PutOptions): Promise<void> {
    const { client, sdk } = await this.s3();
    try {
      // IfNoneMatch makes S3 itself refuse an overwrite that races the check above.
      await client.send(new sdk.PutObjectCommand({ ...this.common(key, options), Body: body, ContentLength: length, IfNoneMatch: "*" }));
    } catch (error) {
      if (isPreconditionFailed(error)) throw new ObjectExistsError(key);
      throw error;
    }
  }

  /** Uploads parts produced one at a time; aborts the multipart upload on any failure. */
  private async multipart(key: string, options: PutOptions, parts: AsyncIterable<Buffer | Readable | { body: Readable; length: number }>): Promise<void> {
    const { client, sdk } = await this.s3();
    const created = await client.send(new sdk.CreateMultipartUploadCommand(this.common(key, options)));
    const uploadId = created.UploadId!;
    const done: { PartNumber: number; ETag: string }[] = [];
    try {
      for await (const part of parts) {
        const PartNumber = done.length + 1;
        const input =
          Buffer.isBuffer(part) ? { Body: part, ContentLength: part.length } : "length" in part ? { Body: part.body, ContentLength: part.length } : { Body: part };
        const result = await client.send(new sdk.UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, ...input }));
        done.push({ PartNumber, ETag: result.ETag! });
      }
      await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: done }, IfNoneMatch: "*" }),
      );
    } catch (error) {
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => {});
      if (isPreconditionFailed(error)) throw new ObjectExistsError(key);
      throw error;
    }
  }

  async putFile(key: string, filePath: string, options: PutOptions): Promise<void> {
    await this.refuseExisting(key);
    const { size } = await fsp.stat(filePath);
    if (size <= PART_SIZE) {
      await this.putSmall(key, fs.createReadStream(filePath), size, options);
      return;
    }
    async function* slices() {
      for (let start = 0; start < size; start += PART_SIZE) {
        const end = Math.min(size, start + PART_SIZE) - 1;
        yield { body: fs.createReadStream(filePath, { start, end }), length: end - start + 1 };
      }
    }
    await this.multipart(key, options, slices());
  }

  async putStream(key: string, body: Readable, options: PutOptions): Promise<void> {
    await this.refuseExisting(key);
    const iterator = chunksOf(body, PART_SIZE)[Symbol.asyncIterator]();
    const first = await iterator.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    if (firstPart.length < PART_SIZE) {
      await this.putSmall(key, firstPart, firstPart.length, options);
      return;
    }
    async function* parts() {
      yield firstPart;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    }
    await this.multipart(key, options, parts());
  }

  async moveFileIn(key: string, filePath: string, options: PutOptions): Promise<void> {
    await this.putFile(key, filePath, options);
    await fsp.rm(filePath, { force: true });
  }

  /**
   * Copies an object already in the bucket (a finished resumable upload) to
   * its key, server-side. The source is left in place for the caller to
   * remove once the copy is recorded, so a failure in between loses nothing.
   */
  async copyObjectIn(fromKey: string, key: string, options: PutOptions): Promise<void> {
    const { client, sdk } = await this.s3();
    await this.refuseExisting(key);
    await client.send(new sdk.CopyObjectCommand({
        ...this.common(key, options),
        CopySource: `${this.bucket}/${encodeURIComponent(fromKey)}`,
        MetadataDirective: "REPLACE",
      }),
    );
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const { client, sdk } = await this.s3();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? contentTypeForKey(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const { client, sdk } = await this.s3();
    const result = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return result.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    const { client, sdk } = await this.s3();
    assertSafeKey(key);
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async probe(): Promise<void> {
    const { client, sdk } = await this.s3();
    // Not a HEAD of some key: S3 answers a missing bucket with the same bare 404 as a missing key.
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
  }

  async *list(): AsyncIterable<StoredObject> {
    const { client, sdk } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        const key = item.Key ?? "";
        if (!isSafeKey(key) || key.startsWith(STAGED_UPLOAD_PREFIX)) continue;
        yield { key, size: Number(item.Size ?? 0), modifiedAt: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Scratch space on local disk for files being processed. */
  get scratchDir(): string {
    return this.tempDir;
  }
}

/** Regroups a byte stream into buffers of `size` bytes (the last may be shorter). */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    let buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    while (length + buffer.length >= size) {
      const take = size - length;
      pending.push(buffer.subarray(0, take));
      yield Buffer.concat(pending, size);
      buffer = buffer.subarray(take);
      pending = [];
      length = 0;
    }
    if (buffer.length > 0) {
      pending.push(buffer);
      length += buffer.length;
    }
  }
  if (length > 0 || pending.length > 0) yield Buffer.concat(pending, length);
}
