// Content-addressed blobs in R2: a file is stored under its SHA-256, so equal files of any
// plugin or revision are one object, and a stored blob never changes. Blobs are written before
// the D1 index that points at them; a failed publish leaves at most unreferenced blobs, never
// an index entry without its blob.
import type { Env } from "../env";

const key = (digest: string) => `sha256/${digest}`;

export class BlobStore {
  constructor(private readonly bucket: Env["PLUGIN_BLOBS"]) {}

  /** Stores the blobs that are not stored yet. */
  async putAll(blobs: Map<string, Uint8Array>): Promise<void> {
    await Promise.all(
      [...blobs].map(async ([digest, bytes]) => {
        if (!(await this.bucket.head(key(digest)))) await this.bucket.put(key(digest), bytes, { sha256: digest });
      }),
    );
  }

  async get(digest: string): Promise<Uint8Array> {
    const object = await this.bucket.get(key(digest));
    if (!object) throw new Error(`plugin blob ${digest} is missing from R2`);
    return new Uint8Array(await object.arrayBuffer());
  }
}
