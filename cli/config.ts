// Where the CLI connects and with what: seizu.conf (YAML), overridden by SEIZU_* environment
// variables, overridden by flags. Upstream Seizu's names work beside ours: --api-url and
// SEIZU_API_URL for --server, --config-file and SEIZU_CONFIG_FILE for --config, and api_url:
// for server: in seizu.conf. HOME and XDG_CONFIG_HOME are read from the environment
// passed in, so tests (and users) can point the CLI at another configuration directory.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { isMap, isNode, isScalar, LineCounter, parseDocument } from "yaml";
import { UsageError } from "./errors";

/** Where `npm start` serves the Worker. */
const DEFAULT_SERVER = "http://127.0.0.1:8080";

const CONF_KEYS = ["server", "api_url", "token", "seed_file"] as const;
type Conf = Partial<Record<(typeof CONF_KEYS)[number], string>>;

export interface ConnectionFlags {
  server?: string;
  apiUrl?: string;
  token?: string;
  config?: string;
  configFile?: string;
  credentialsFile?: string;
}

export interface Settings {
  server: string;
  token: string | undefined;
  seedFile: string | undefined;
  configPath: string;
  /** Where `seizu login` keeps tokens, one entry per server. */
  credentialsPath: string;
}

function configDirectory(env: NodeJS.ProcessEnv) {
  const home = env.HOME || homedir();
  return join(env.XDG_CONFIG_HOME || join(home, ".config"), "seizu");
}

/** The first of a flag's names that is set; two set to different values is a usage error. */
function oneOf(names: string, ...values: (string | undefined)[]) {
  const set = [...new Set(values.filter((value): value is string => value !== undefined))];
  if (set.length > 1) throw new UsageError(`${names} name the same setting: give one of them (got ${set.map((v) => JSON.stringify(v)).join(" and ")})`);
  return set[0];
}

/**
 * Flag, then environment variable, then seizu.conf, then the default. An empty environment
 * variable counts as unset.
 */
export function resolveSettings(flags: ConnectionFlags, env: NodeJS.ProcessEnv): Settings {
  const explicit =
    oneOf("--config and --config-file", flags.config, flags.configFile) ??
    oneOf("SEIZU_CONFIG and SEIZU_CONFIG_FILE", env.SEIZU_CONFIG || undefined, env.SEIZU_CONFIG_FILE || undefined);
  const configPath = explicit ? resolve(expandHome(explicit, env)) : join(configDirectory(env), "seizu.conf");
  // Only a file the user named must exist; the default one is optional.
  const conf = readConf(configPath, explicit !== undefined);
  const server =
    oneOf("--server and --api-url", flags.server, flags.apiUrl) ??
    oneOf("SEIZU_SERVER and SEIZU_API_URL", env.SEIZU_SERVER || undefined, env.SEIZU_API_URL || undefined) ??
    oneOf(`server and api_url in ${configPath}`, conf.server, conf.api_url) ??
    DEFAULT_SERVER;
  const credentials = flags.credentialsFile ?? (env.SEIZU_CREDENTIALS_FILE || undefined);
  return {
    server: normalizeServer(server),
    token: flags.token ?? (env.SEIZU_TOKEN || undefined) ?? conf.token,
    // A relative seed_file is relative to the conf file, not to wherever seizu runs.
    seedFile: conf.seed_file === undefined ? undefined : resolve(dirname(configPath), expandHome(conf.seed_file, env)),
    configPath,
    credentialsPath: credentials ? resolve(expandHome(credentials, env)) : join(configDirectory(env), "credentials.json"),
  };
}

function readConf(path: string, required: boolean): Conf {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new UsageError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${path}:${line}:${col}`;
  };
  const [syntax] = doc.errors;
  if (syntax) throw new UsageError(`${at(syntax.pos[0])}: ${syntax.message}`);
  if (doc.contents === null) return {};
  if (!isMap(doc.contents)) throw new UsageError(`${at(doc.contents.range?.[0] ?? 0)}: must be a mapping of ${CONF_KEYS.join(", ")}`);
  const values: Conf = {};
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    const offset = (isScalar(pair.key) && pair.key.range?.[0]) || 0;
    if (!isConfKey(key)) throw new UsageError(`${at(offset)}: unknown key ${JSON.stringify(key)} (expected ${CONF_KEYS.join(", ")})`);
    if (!isScalar(pair.value) || typeof pair.value.value !== "string") {
      throw new UsageError(`${at(rangeStart(pair.value) ?? offset)}: ${key} must be a string`);
    }
    values[key] = pair.value.value;
  }
  return values;
}

const isConfKey = (key: string): key is (typeof CONF_KEYS)[number] => (CONF_KEYS as readonly string[]).includes(key);

/** Where a YAML node starts; a pair's value may be no node at all (`key:` alone) or not one with a position. */
const rangeStart = (node: unknown) => (isNode(node) ? node.range?.[0] : undefined);

function expandHome(path: string, env: NodeJS.ProcessEnv) {
  return path === "~" || path.startsWith("~/") ? join(env.HOME || homedir(), path.slice(1)) : path;
}

/** The server's base URL without a trailing slash; the API lives under its /api/v1. */
function normalizeServer(server: string) {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(`server ${JSON.stringify(server)} is not a URL (expected e.g. ${DEFAULT_SERVER})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`server ${server} must be an http:// or https:// URL`);
  return url.href.replace(/\/+$/, "");
}

/** The YAML file seed and export work on: their --config, else seed_file from seizu.conf. */
export function seedFilePath(flag: string | undefined, settings: Settings) {
  const path = flag ?? settings.seedFile;
  if (!path) throw new UsageError(`no seed file: pass --config <file> or set seed_file in ${settings.configPath}`);
  return path;
}
