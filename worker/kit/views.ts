// The JSON shapes of versioned definitions shared by every resource on the REST API.
import type { Head, VersionEntry } from "../store/versioned-store";

/** Version and authorship of a resource's head. */
export function versionMeta<T>(head: Head<T>) {
  return { version: head.version, created_at: head.createdAt, created_by: head.createdBy, updated_at: head.updatedAt, updated_by: head.updatedBy };
}

export function versionView<T>(entry: VersionEntry<T>) {
  return {
    version: entry.version,
    author: entry.author,
    created_by: entry.author,
    created_at: entry.createdAt,
    comment: entry.comment,
    definition: entry.body,
  };
}
