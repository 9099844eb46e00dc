import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type Storage } from './driver';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** MinIO or another S3-compatible service; unset = AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, shared config, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key, so that several deployments can share a bucket. */
  prefix?: string;
}

/** Storage in an S3 bucket (decision 0009). */
export function s3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible services reject or ignore the flexible ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
  const objectKey = (key: string) => prefix + checkKey(key);
  return {
    async put(key, content) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: content, ContentLength: content.length }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        // A missing key is an answer; a missing bucket (also a 404) is a misconfiguration.
        const notFound =
          error instanceof S3ServiceException &&
          error.$metadata.httpStatusCode === 404 &&
          error.name !== 'NoSuchBucket';
        if (error instanceof NoSuchKey || notFound) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: removing twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list() {
      // A page of at most 1,000 keys at a time, under this deployment's prefix only, which is not part of a key.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          // A "folder" placeholder some consoles create is not a file.
          if (object.Key && !object.Key.endsWith('/')) yield object.Key.slice(prefix.length);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
