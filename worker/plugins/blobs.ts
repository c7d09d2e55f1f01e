// Content-addressed blobs in R2: a file is stored under its SHA-256, so equal files of any
// plugin or revision are one object, and a stored blob never changes. Blobs are written before
// the D1 index that points at them; a publish that fails after writing some deletes those that
// no revision references (service.ts).
import type { Env } from "../env";

const key = (digest: string) => `sha256/${digest}`;

export class BlobStore {
  constructor(private readonly bucket: Env["PLUGIN_BLOBS"]) {}

  /**
   * Stores the blobs that are not stored yet, adding each digest it stores to `written`. Every
   * put is settled before a failure is thrown, so `written` is complete even then.
   */
  async putAll(blobs: Map<string, Uint8Array>, written: string[]): Promise<void> {
    const puts = await Promise.allSettled(
      [...blobs].map(async ([digest, bytes]) => {
        if (await this.bucket.head(key(digest))) return;
        await this.bucket.put(key(digest), bytes, { sha256: digest });
        written.push(digest);
      }),
    );
    const failed = puts.find((put) => put.status === "rejected");
    if (failed) throw failed.reason;
  }

  async deleteAll(digests: string[]): Promise<void> {
    if (digests.length > 0) await this.bucket.delete(digests.map(key));
  }

  async get(digest: string): Promise<Uint8Array> {
    const object = await this.bucket.get(key(digest));
    if (!object) throw new Error(`plugin blob ${digest} is missing from R2`);
    return new Uint8Array(await object.arrayBuffer());
  }
}
