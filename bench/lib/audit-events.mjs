// Audit events by the million for the bench (and a known thousand for the CLI's end-to-end test),
// written into a local D1 before a Worker serves it: INSERT ... SELECT over a recursive CTE, one
// statement per batch of 100,000, through `wrangler d1 execute --local` (the file form, so a
// million rows cost one wrangler start, not ten).
//
// Event i is deterministic: a tool call (every tenth a graph query, every tenth but one a
// confirmation), by user-(i % 50), of bench__tool_(i % 200), failing when i % 25 = 0, refused
// when i % 97 = 0, through REST when i % 3 = 0, lasting 1 to 100.9 ms; the events are spread
// evenly over `spanMs` ending at `endMs`, newest last, with UUIDv7-like ids in time order.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../scripts/neo4j/server.mjs";

const BATCH = 100_000;

/** The INSERT of events lo..hi-1 of `count`. */
function batchSql({ lo, hi, count, endMs, spanMs }) {
  const startMs = endMs - spanMs;
  const at = `(${startMs} + (i * ${spanMs}) / ${count})`;
  return `INSERT INTO audit_events (event_id, occurred_at, kind, action, outcome, via, principal_subject, principal_name, principal_roles,
  client_name, client_version, user_agent, target, resource_type, resource_id, resource_version, rows, truncated, duration_ms, neo4j_ms, detail)
WITH RECURSIVE n(i) AS (SELECT ${lo} UNION ALL SELECT i + 1 FROM n WHERE i < ${hi - 1})
SELECT printf('%08x-%04x-7%03x-8%03x-%012x', ${at} / 65536, ${at} % 65536, (i / 4096) % 4096, i % 4096, i),
  strftime('%Y-%m-%dT%H:%M:%fZ', ${at} / 1000.0, 'unixepoch'),
  CASE i % 10 WHEN 0 THEN 'graph_query' WHEN 1 THEN 'confirmation' ELSE 'tool_call' END,
  CASE i % 10 WHEN 0 THEN 'POST /api/v1/graph/query' WHEN 1 THEN 'approve' ELSE 'tools/call' END,
  CASE WHEN i % 25 = 0 THEN 'tool_error' WHEN i % 97 = 0 THEN 'invalid' ELSE 'ok' END,
  CASE WHEN i % 3 = 0 THEN 'rest' ELSE 'mcp' END,
  'user-' || (i % 50), 'User ' || (i % 50), '["seizu-viewer"]',
  'bench', '1.0', 'bench',
  'bench__tool_' || (i % 200), 'tool', 'bench/tool_' || (i % 200), 1,
  i % 100, 0, ((i * 7919) % 1000) / 10.0 + 1, ((i * 7919) % 1000) / 20.0, '{"arguments":{"limit":25}}'
FROM n;`;
}

/**
 * Writes `count` events into the local D1 in `persistTo` (its migrations applied already),
 * spread over `spanMs` up to `endMs`; resolves to the seconds it took.
 */
export function fillAuditEvents(persistTo, { count, endMs = Date.now(), spanMs = 30 * 86_400_000 }) {
  const statements = [];
  for (let lo = 0; lo < count; lo += BATCH) statements.push(batchSql({ lo, hi: Math.min(count, lo + BATCH), count, endMs, spanMs }));
  const dir = mkdtempSync(join(tmpdir(), "seizu-audit-fill-"));
  const file = join(dir, "fill.sql");
  writeFileSync(file, statements.join("\n"));
  const started = performance.now();
  const result = spawnSync(
    join(repoRoot, "node_modules/.bin/wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"],
    {
      cwd: repoRoot,
      encoding: "utf8",
      // wrangler needs Node 22: the project's own (the `node` devDependency) comes first on PATH.
      env: { ...process.env, PATH: `${join(repoRoot, "node_modules/.bin")}:${process.env.PATH}`, CI: "true", WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout}\n${result.stderr}`);
  return (performance.now() - started) / 1000;
}
