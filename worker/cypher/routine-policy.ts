// Which procedures and functions a tool query may call.
//
// Procedures: an administrator's allowlist (exact names, or `prefix.*` for a namespace), under a
// hard denylist that wins over it. READ access mode stops writes at run time, but it does not stop
// a procedure from reading files or URLs, running Cypher text the validator never saw, scheduling
// background jobs or triggers that run outside the caller's transaction, or administering the
// DBMS. Those namespaces are refused even if the allowlist names them (say `apoc.*`). Write
// procedures are refused too, so that a tool is read-only by construction and not only at run time.
//
// Functions are not allowlisted (there are hundreds of harmless built-in and APOC functions), but
// the denylist applies to them too: `apoc.cypher.runFirstColumn*` runs Cypher text, and plugin
// functions may read files, URLs or configuration.
//
// Names are compared case-insensitively. Neo4j 5.26 resolves procedure and plugin function names
// case-sensitively (`CALL DB.LABELS()` is "no procedure"), so this only makes the denylist stricter
// and lets the allowlist defer to Neo4j, which rejects a mis-cased name on EXPLAIN.

interface DenyRule {
  /** A namespace ("apoc.load.") or a name prefix ("db.create" covers createLabel, create.setVectorProperty, ...). */
  prefix: string;
  reason: string;
}

const FILES_AND_NETWORK = "it reads or writes files or URLs on the server";
const DYNAMIC_CYPHER = "it runs Cypher text that validation cannot see";
const WRITES = "it writes to the graph or the schema";
const ADMINISTRATION = "it administers or reconfigures the DBMS";
const BACKGROUND = "it runs work outside the caller's transaction or time limit";

const deny = (reason: string, ...prefixes: string[]): DenyRule[] => prefixes.map((prefix) => ({ prefix, reason }));

/** Denied for procedures and functions alike. */
const DENIED_ROUTINES: DenyRule[] = [
  ...deny(
    FILES_AND_NETWORK,
    "apoc.load.",
    "apoc.import.",
    "apoc.export.",
    "apoc.log.",
    "apoc.bolt.",
    "apoc.es.",
    "apoc.mongo",
    "apoc.redis.",
    "apoc.couchbase.",
    "apoc.model.",
    "apoc.gephi.",
    "apoc.dv.",
    "apoc.metrics.",
    "apoc.spatial.geocode",
    "apoc.spatial.reverseGeocode",
  ),
  ...deny(DYNAMIC_CYPHER, "apoc.cypher.", "apoc.do.", "apoc.when", "apoc.case", "apoc.graph.fromCypher", "apoc.custom."),
  ...deny(BACKGROUND, "apoc.periodic.", "apoc.trigger.", "apoc.uuid.", "apoc.ttl.", "apoc.util.sleep", "apoc.warmup."),
  ...deny(
    ADMINISTRATION,
    "dbms.",
    "apoc.systemdb.",
    "apoc.static.",
    "apoc.config.",
    "db.clearQueryCaches",
    "db.stats.",
    "db.resample",
    "db.prepareForReplanning",
  ),
];

/**
 * Denied for procedures only: these namespaces also hold harmless functions (apoc.create.uuid, ...).
 * A namespace is refused whole when most of its procedures write (apoc.create.vNode does not).
 */
const DENIED_PROCEDURES_ONLY: DenyRule[] = deny(
  WRITES,
  "db.create",
  "db.index.fulltext.create",
  "db.index.fulltext.drop",
  "db.index.vector.create",
  "apoc.create.",
  "apoc.merge.",
  "apoc.refactor.",
  "apoc.atomic.",
  "apoc.lock.",
  "apoc.nodes.delete",
  "apoc.nodes.link",
  "apoc.graph.fromDocument",
  "apoc.convert.setJsonProperty",
  "apoc.schema.assert",
  "apoc.example.",
  "apoc.generate.",
);

export type RoutineVerdict = { allowed: true } | { allowed: false; reason: string };

function deniedBy(rules: DenyRule[], name: string): DenyRule | undefined {
  const lower = name.toLowerCase();
  return rules.find((rule) => lower.startsWith(rule.prefix.toLowerCase()));
}

/** Whether `name` matches an allowlist entry: an exact name, or `prefix.*` for everything under a namespace. */
export function isAllowlisted(name: string, allowedProcedures: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return allowedProcedures.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.endsWith(".*") ? lower.startsWith(pattern.slice(0, -1)) : lower === pattern;
  });
}

export function procedureVerdict(name: string, allowedProcedures: readonly string[]): RoutineVerdict {
  const denied = deniedBy([...DENIED_ROUTINES, ...DENIED_PROCEDURES_ONLY], name);
  if (denied) return { allowed: false, reason: `The procedure ${name} is refused whatever the allowlist says: ${denied.reason}` };
  if (!isAllowlisted(name, allowedProcedures)) return { allowed: false, reason: `The procedure ${name} is not in the allowlist of procedures tools may call` };
  return { allowed: true };
}

export function functionVerdict(name: string): RoutineVerdict {
  const denied = deniedBy(DENIED_ROUTINES, name);
  return denied ? { allowed: false, reason: `The function ${name}() is refused: ${denied.reason}` } : { allowed: true };
}
