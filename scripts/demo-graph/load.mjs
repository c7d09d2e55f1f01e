// Loads the deterministic demo graph into Neo4j over Bolt: indexes first, then the rows of
// scripts/demo-graph/generate.mjs in batches, so memory stays flat at any size.
import neo4j from "neo4j-driver";
import { batches, planGraph } from "./generate.mjs";
import { indexName, indexes, writeStatements } from "./schema.mjs";

export { demoQueries } from "./queries.mjs";

/** Rows per write transaction: large enough to amortize round trips, small enough for a 1g heap. */
const batchSize = 5_000;

/**
 * @typedef {object} Connection
 * @property {string} boltUrl e.g. bolt://127.0.0.1:7687
 * @property {string} [user] defaults to neo4j
 * @property {string} password
 */

/** @param {Connection} connection */
function connect({ boltUrl, user = "neo4j", password }) {
  if (!boltUrl) throw new Error("demo graph: a Bolt URL is required");
  // Counts come back as plain numbers; no count here comes near 2^53.
  return neo4j.driver(boltUrl, neo4j.auth.basic(user, password), { disableLosslessIntegers: true });
}

/** @param {import("neo4j-driver").Driver} driver */
async function countNodes(driver) {
  const { records } = await driver.executeQuery("MATCH (n) RETURN count(n) AS nodes", {}, { routing: neo4j.routing.READ });
  return /** @type {number} */ (records[0].get("nodes"));
}

/**
 * Whether the database holds no nodes at all.
 * @param {Connection} connection
 * @returns {Promise<boolean>}
 */
export async function graphIsEmpty(connection) {
  const driver = connect(connection);
  try {
    return (await countNodes(driver)) === 0;
  } finally {
    await driver.close();
  }
}

/**
 * Loads the demo graph of exactly `nodes` nodes (at least 100). Refuses a database that
 * already holds nodes unless `replace` is set, which deletes every node first, demo or not.
 * @param {Connection & { nodes?: number, replace?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<{ nodes: number, relationships: number }>}
 */
export async function loadDemoGraph({ boltUrl, user, password, nodes = 3000, replace = false, log = console.error }) {
  const plan = planGraph(nodes);
  const driver = connect({ boltUrl, user, password });
  try {
    const existing = await countNodes(driver);
    if (existing > 0 && !replace) {
      throw new Error(
        `demo graph: the database at ${boltUrl} already holds ${existing} nodes; refusing to load on top of them (use replace: true, or --replace, to delete everything first)`,
      );
    }
    if (existing > 0) {
      log(`demo graph: deleting the ${existing} nodes already in ${boltUrl}`);
      await deleteEverything(driver);
    }
    await createIndexes(driver);
    return await writeGraph(driver, plan, nodes, log);
  } finally {
    await driver.close();
  }
}

/** @param {import("neo4j-driver").Driver} driver */
async function deleteEverything(driver) {
  // CALL { ... } IN TRANSACTIONS only runs in an auto-commit transaction, hence session.run.
  // Relationships go first: a batch of DETACH DELETEs that meets the accounts and
  // organizations would remove all their relationships at once, and at a million nodes
  // that one transaction outgrows a 2g heap.
  const session = driver.session();
  try {
    await session.run("MATCH ()-[r]->() CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS");
    await session.run("MATCH (n) CALL (n) { DELETE n } IN TRANSACTIONS OF 10000 ROWS");
  } finally {
    await session.close();
  }
}

/** @param {import("neo4j-driver").Driver} driver */
async function createIndexes(driver) {
  for (const [label, property] of indexes) {
    await driver.executeQuery(`CREATE INDEX ${indexName(label, property)} IF NOT EXISTS FOR (n:${label}) ON (n.${property})`);
  }
  // Loading relies on the id indexes for its lookups; without them it would scan labels.
  await driver.executeQuery("CALL db.awaitIndexes(300)");
}

/**
 * @param {import("neo4j-driver").Driver} driver
 * @param {import("./generate.mjs").Plan} plan
 * @param {number} total
 * @param {(line: string) => void} log
 */
async function writeGraph(driver, plan, total, log) {
  const progress = progressReporter(total, log);
  const created = { nodes: 0, relationships: 0 };
  for (const { kind, rows } of batches(plan, batchSize)) {
    const { summary } = await driver.executeQuery(writeStatements[kind], { rows }, { routing: neo4j.routing.WRITE });
    const updates = summary.counters.updates();
    created.nodes += updates.nodesCreated;
    created.relationships += updates.relationshipsCreated;
    progress(created);
  }
  // Every row creates its node, so a shortfall means a statement matched nothing: a bug.
  if (created.nodes !== total) throw new Error(`demo graph: created ${created.nodes} nodes instead of ${total}`);
  return created;
}

/**
 * Reports progress after each batch: on a terminal, one line rewritten in place; elsewhere
 * (CI logs, custom loggers) a line per tenth, so logs stay short.
 * @param {number} total
 * @param {(line: string) => void} log
 */
function progressReporter(total, log) {
  const started = performance.now();
  const inPlace = log === console.error && process.stderr.isTTY;
  let reportedTenths = 0;
  const format = (/** @type {number} */ n) => n.toLocaleString("en-US");
  return (/** @type {{ nodes: number, relationships: number }} */ { nodes, relationships }) => {
    const line = `demo graph: ${format(nodes)}/${format(total)} nodes (${Math.floor((100 * nodes) / total)}%), ${format(relationships)} relationships, ${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (inPlace) {
      process.stderr.write(`\r${line}\x1b[K${nodes === total ? "\n" : ""}`);
      return;
    }
    const tenths = Math.floor((10 * nodes) / total);
    if (tenths > reportedTenths) {
      reportedTenths = tenths;
      log(line);
    }
  };
}
