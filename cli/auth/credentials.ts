// The tokens `seizu login` keeps, in a JSON file of one entry per server URL: upstream Seizu's
// credentials-file format ({"<api_url>": {"access_token": ...}}), so either CLI reads the other's,
// with what a refresh needs beside the token. The file holds secrets: it is written owner-only
// (0600, its directory 0700) and replaced whole, never left half-written.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { UsageError } from "../errors";

export const storedLogin = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  /** Seconds since the epoch; absent, the token is used until the server refuses it. */
  expires_at: z.number().optional(),
  /** The OpenID provider and client that issued it, for the refresh. */
  issuer: z.string().optional(),
  client_id: z.string().optional(),
});
export type StoredLogin = z.infer<typeof storedLogin>;

const credentialsFile = z.record(z.string(), z.unknown());

function readAll(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new UsageError(`cannot read credentials file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`credentials file ${path} is not JSON (remove it, or run seizu logout, then seizu login)`);
  }
  const parsed = credentialsFile.safeParse(json);
  if (!parsed.success) throw new UsageError(`credentials file ${path} must be a JSON object of server URLs`);
  return parsed.data;
}

function writeAll(path: string, entries: Record<string, unknown>) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFileSync is masked by the umask; the file must be owner-only whatever it is.
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** The login kept for `server`, or undefined; an entry this CLI cannot use is an error naming the file. */
export function readLogin(path: string, server: string): StoredLogin | undefined {
  const entry = readAll(path)[server];
  if (entry === undefined) return undefined;
  const parsed = storedLogin.safeParse(entry);
  if (!parsed.success) throw new UsageError(`credentials file ${path}: the entry for ${server} has no access_token (run seizu login again)`);
  return parsed.data;
}

export function saveLogin(path: string, server: string, login: StoredLogin) {
  writeAll(path, { ...readAll(path), [server]: login });
}

/** Forgets the login kept for `server`; whether there was one. */
export function removeLogin(path: string, server: string): boolean {
  const { [server]: removed, ...others } = readAll(path);
  if (removed === undefined) return false;
  writeAll(path, others);
  return true;
}
