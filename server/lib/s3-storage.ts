import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
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
 * FileStorage on any S3-compatible object store (DESIGN.md: `STORAGE=s3`), one object per
 * file, keyed by its (server-chosen, flat) name in one bucket.
 *
 * Readers never see a half-written file: a PutObject is atomic, so a GET answers the
 * previous object, or none, until the upload has completed, and the whole new object after.
 * An upload that fails leaves nothing behind (no multipart parts: every file here is far
 * below PutObject's 5 GB limit).
 */
export function s3Storage(config: S3Config, client: S3Client = s3Client(config)): FileStorage {
  const Bucket = config.bucket;
  const keyOf = (name: string) => {
    assertSafeFileName(name);
    return name;
  };
  return {
    async put(name, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(name), Body: data }));
    },
    async putFile(name, localPath) {
      const Key = keyOf(name);
      const { size } = await fs.promises.stat(localPath);
      // Streamed from disk: a 100 MB video is never held in memory. The length is given so
      // the SDK sends a plain body instead of buffering to measure it.
      const body = fs.createReadStream(localPath);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: size }));
      } finally {
        body.destroy();
      }
      await fs.promises.rm(localPath, { force: true });
    },
    async open(name, range) {
      const Key = keyOf(name);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
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
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      // S3 answers 204 whether or not the object existed, like the local driver's rm -f.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
  };
}
