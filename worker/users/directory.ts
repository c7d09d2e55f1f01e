// The people seen signing in (the `users` table), kept off the hot path: a request writes only
// when its token carries a profile (claims and iat) this isolate has not written yet. A caller
// re-using a token costs nothing; a new token (a new iat, i.e. a new login or refresh) costs
// one conditional upsert per isolate. The remembered profiles are bounded, oldest forgotten first.
//
// The upsert keeps a claim a later token leaves out (access tokens often carry fewer claims than
// the first one did), as upstream keeps them, and moves last_login only forward.
import type { Db } from "../store/db";
import type { UserProfile, UserView } from "./schemas";

const REMEMBERED = 1000;
const written = new Map<string, Promise<void>>();
/** Profile objects already stored: the local admin's is one constant, so its every request skips the lookup. */
const recorded = new WeakSet<UserProfile>();

const UPSERT = `INSERT INTO users (user_id, iss, email, display_name, preferred_username, role, created_at, last_login)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
ON CONFLICT (user_id) DO UPDATE SET
  iss = excluded.iss,
  email = coalesce(excluded.email, users.email),
  display_name = coalesce(excluded.display_name, users.display_name),
  preferred_username = coalesce(excluded.preferred_username, users.preferred_username),
  role = excluded.role,
  last_login = max(users.last_login, excluded.last_login)
WHERE users.iss IS NOT excluded.iss
  OR users.email IS NOT coalesce(excluded.email, users.email)
  OR users.display_name IS NOT coalesce(excluded.display_name, users.display_name)
  OR users.preferred_username IS NOT coalesce(excluded.preferred_username, users.preferred_username)
  OR users.role IS NOT excluded.role
  OR excluded.last_login > users.last_login`;

interface UserRow {
  user_id: string;
  iss: string;
  email: string | null;
  display_name: string | null;
  preferred_username: string | null;
  role: string | null;
  created_at: string;
  last_login: string;
}

const viewOf = (row: UserRow): UserView => ({ ...row, sub: row.user_id, archived_at: null });

export class UserDirectory {
  constructor(private readonly db: Db) {}

  /** Whether this very profile object was stored by this isolate (no serialising, no lookup). */
  known(profile: UserProfile): boolean {
    return recorded.has(profile);
  }

  /**
   * Records the caller's profile unless this isolate already has; resolves once it is stored.
   * A failed write is forgotten, so the next request tries again.
   */
  seen(profile: UserProfile): Promise<void> {
    const key = JSON.stringify(profile);
    const pending = written.get(key);
    if (pending) return pending;
    const write = this.upsert(profile).catch((error: unknown) => {
      written.delete(key);
      throw error;
    });
    written.set(key, write);
    void write.then(
      () => recorded.add(profile),
      () => undefined,
    );
    if (written.size > REMEMBERED) written.delete(written.keys().next().value as string);
    return write;
  }

  /** Records the profile now (GET /me syncs it, as upstream does), whatever this isolate remembers. */
  async record(profile: UserProfile): Promise<void> {
    const write = this.upsert(profile);
    written.set(JSON.stringify(profile), write);
    await write;
  }

  async get(userId: string): Promise<UserView | undefined> {
    const row = await this.db.prepare("SELECT * FROM users WHERE user_id = ?1").bind(userId).first<UserRow>();
    return row ? viewOf(row) : undefined;
  }

  private async upsert(profile: UserProfile): Promise<void> {
    const at = profile.issued_at ?? new Date().toISOString();
    await this.db.prepare(UPSERT).bind(profile.sub, profile.iss, profile.email, profile.display_name, profile.preferred_username, profile.role, at).run();
  }
}
