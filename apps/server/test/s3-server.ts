/**
 * A real S3-protocol server for the tests (s3rver, in this process, on a free loopback port, its objects in a
 * temporary folder): the S3 image store is tested against the protocol, not a mock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  /** S3_URL of the bucket. */
  url: string;
  bucket: string;
  port: number;
  /** A client on the bucket's server (for looking at the objects). */
  client: S3Client;
  /** Keys of the bucket's objects. */
  keys(): Promise<string[]>;
  /** Stops answering (connections refused), keeping the objects; `resume` listens again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'trapeza-images'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'trapeza-s3-'));
  const listen = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    return { server, port: (await server.run()).port };
  };
  let running: { server: S3rver; port: number } | null = await listen(0);
  const port = running.port;
  // s3rver's default credentials.
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    bucket,
    port,
    client,
    async keys() {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async pause() {
      await running?.server.close();
      running = null;
    },
    async resume() {
      if (!running) running = await listen(port);
    },
    async stop() {
      client.destroy();
      await running?.server.close();
      running = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
