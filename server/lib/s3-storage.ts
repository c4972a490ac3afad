import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  ListObjectsV2Command,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { AppError } from './app-error';
import { assertSafeFileName, type FileStorage } from './storage';

/** A missing object: HeadObject answers a bare 404, GetObject `NoSuchKey`. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

/** The whole object's size from `Content-Range: bytes 2-4/10`. */
function totalSize(contentRange: string | undefined, contentLength: number | undefined): number {
  const total = contentRange && /\/(\d+)$/.exec(contentRange)?.[1];
  if (total) return Number(total);
  if (contentLength === undefined) throw new Error('S3 answered without a Content-Length');
  return contentLength;
}

/**
 * The store cannot be reached or is failing (a refused or timed-out connection, a 5xx such as
 * 503 SlowDown, after the SDK's own retries): the request is answered 503 so clients try
 * again, rather than 500. A refusal (403, no such bucket) is a configuration error and stays
 * one.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    error.name === 'TimeoutError' ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENOTFOUND',
      'EPIPE',
      'EAI_AGAIN',
    ].includes(code ?? '')
  );
}

export type S3StorageOptions = {
  client?: S3Client;
  /** Told when the store cannot be reached (main.ts logs it); default: console.warn. */
  onUnavailable?: (error: unknown) => void;
};

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the SDK's newer default sends uploads as
    // `aws-chunked` bodies with a trailing checksum, which many S3-compatible stores (older
    // MinIO, s3rver, some gateways) refuse. TLS and the Content-Length still guard the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * FileStorage on any S3-compatible object store (docs/design.md: `STORAGE=s3`), one object per
 * file, keyed by its (server-chosen, flat) name in one bucket.
 *
 * Readers never see a half-written file: a PutObject is atomic, so a GET answers the
 * previous object, or none, until the upload has completed, and the whole new object after.
 * An upload that fails leaves nothing behind (no multipart parts: every file here is far
 * below PutObject's 5 GB limit).
 */
export function s3Storage(config: S3Config, options: S3StorageOptions = {}): FileStorage {
  const Bucket = config.bucket;
  const client = options.client ?? s3Client(config);
  const onUnavailable =
    options.onUnavailable ??
    ((error: unknown) => console.warn('file storage (S3) unavailable:', error));
  /** One request to the store, its outage answered 503. */
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      onUnavailable(error);
      throw new AppError('unavailable', {
        message: 'File storage is temporarily unavailable. Please try again shortly.',
        retryAfterSeconds: 5,
      });
    }
  };
  const keyOf = (name: string) => {
    assertSafeFileName(name);
    return name;
  };
  return {
    async put(name, data) {
      await call(() => client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: data })));
    },
    async putFile(name, localPath) {
      const Key = keyOf(name);
      const { size } = await fs.promises.stat(localPath);
      // Streamed from disk: a 100 MB video is never held in memory. The length is given so
      // the SDK sends a plain body instead of buffering to measure it.
      const body = fs.createReadStream(localPath);
      try {
        await call(() =>
          client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: size })),
        );
      } finally {
        body.destroy();
      }
      await fs.promises.rm(localPath, { force: true });
    },
    async open(name, range) {
      const Key = keyOf(name);
      try {
        const answer = await call(() =>
          client.send(
            new GetObjectCommand({
              Bucket,
              Key,
              Range: range ? `bytes=${range.start}-${range.end}` : undefined,
            }),
          ),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body');
        return {
          stream: answer.Body,
          size: totalSize(answer.ContentRange, answer.ContentLength),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(name) {
      const Key = keyOf(name);
      try {
        const head = await call(() => client.send(new HeadObjectCommand({ Bucket, Key })));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      // S3 answers 204 whether or not the object existed, like the local driver's rm -f.
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) })));
    },
    async *list() {
      // A page of up to 1000 keys per request, asked for as the caller iterates.
      let ContinuationToken: string | undefined;
      do {
        const page = await call(() =>
          client.send(new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 })),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { name: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

export class S3BucketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'S3BucketError';
  }
}

/**
 * At start-up: the bucket exists and these credentials may use it. Fails with a message that
 * names the bucket, the endpoint and S3's reason (never the keys).
 */
export async function checkBucket(config: S3Config, client: S3Client = s3Client(config)) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const reason =
      status === 404
        ? 'no such bucket'
        : status === 403 || status === 401
          ? 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
          : error instanceof Error
            ? `${error.name}: ${error.message}`
            : String(error);
    throw new S3BucketError(
      `STORAGE=s3: cannot use bucket "${config.bucket}" at ${config.endpoint ?? 'AWS S3'} ` +
        `(${config.region}): ${reason}`,
    );
  } finally {
    client.destroy();
  }
}
