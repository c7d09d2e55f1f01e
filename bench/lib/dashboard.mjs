// Loading a dashboard as the admin UI does (web/src/pages/index.page.tsx, features/reports):
// read the report version with its signed query capabilities, then run every query the page
// runs at once through POST /query/report: each autocomplete input's choices (no parameters)
// and each panel with a query (markdown has none), with the parameters it takes from the
// inputs' starting values (their defaults). A panel's details query runs only when opened, so
// not here. A browser sends at most 6 requests at a time to one host over HTTP/1.1; so does
// each viewer here. A load ends when every query has answered.
import { countTransactions } from "./neo4j-transactions.mjs";
import { rest, restAnswer } from "./rest.mjs";
import { ms, percentile } from "./stats.mjs";

const BROWSER_CONNECTIONS = 6;

/** The queries the page runs on load: [path, params]. */
export function pageQueries(config) {
  const inputs = Object.fromEntries(config.inputs.map((input) => [input.input_id, input.default?.value ?? null]));
  const queries = [];
  config.inputs.forEach((input, i) => {
    if (input.type === "autocomplete" && input.cypher) queries.push([`inputs.${i}.cypher`, {}]);
  });
  config.rows.forEach((row, r) => {
    row.panels.forEach((panel, p) => {
      if (panel.type === "markdown" || !panel.cypher) return;
      const params = Object.fromEntries(
        (panel.params ?? []).filter((param) => param.input_id !== undefined).map((param) => [param.name, inputs[param.input_id] ?? null]),
      );
      queries.push([`rows.${r}.panels.${p}.cypher`, params]);
    });
  });
  return queries;
}

/**
 * One viewer opening the report: the time until its last query answered, in ms. `tally`
 * counts the answers by their X-Seizu-Cache header (hit, miss, bypass; none when not cached).
 */
export async function loadOnce(base, reportId, tally = {}) {
  const started = performance.now();
  const report = await rest(base, "GET", `/reports/${reportId}?include_query_capabilities=true`);
  const queue = pageQueries(report.config);
  await Promise.all(
    Array.from({ length: BROWSER_CONNECTIONS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [path, params] = next;
        const capability = report.query_capabilities[path];
        if (!capability) throw new Error(`dashboard: no capability for ${path}`);
        const response = await fetch(`${base}/api/v1/query/report`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ capability, params }),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`dashboard: ${path}: ${response.status} ${text.slice(0, 300)}`);
        const cache = response.headers.get("x-seizu-cache") ?? "none";
        tally[cache] = (tally[cache] ?? 0) + 1;
      }
    }),
  );
  return performance.now() - started;
}

/**
 * `viewers` viewers opening the report at once, `rounds` times: per round, the time until
 * every viewer's every panel has answered; p50 and the slowest round.
 */
export async function loadDashboard(base, reportId, { viewers, rounds }) {
  const times = [];
  const tally = {};
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await Promise.all(Array.from({ length: viewers }, () => loadOnce(base, reportId, tally)));
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), max: Math.max(...times), tally };
}

const NAME = "Security overview (npm run bench; deleted when it ends)";

/** Defines the demo dashboard's config as a report of the bench's; a refusal is returned, not thrown. */
export async function importCopy(base, id, config) {
  return restAnswer(base, "POST", "/reports/import", { reports: { [id]: { ...config, name: NAME } } });
}

/** Deletes the bench's reports among `ids` (a report not named as the bench's is left alone). */
export async function deleteReports(base, ids) {
  for (const id of ids) {
    const response = await fetch(`${base}/api/v1/reports/${id}`);
    if (response.status !== 200) {
      await response.body?.cancel();
      continue;
    }
    if ((await response.json()).config?.name === NAME) await rest(base, "DELETE", `/reports/${id}`);
  }
}

const tallyText = (tally) =>
  Object.entries(tally)
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");

/**
 * The dashboard-load figures: the demo dashboard as two reports of the bench's, one uncached
 * and one with a report-wide `cache_ttl_seconds` of `ttl` (fresh id, so its cache starts
 * cold); 1 and 8 viewers; the Neo4j transactions each 8-viewer run took, counted by Neo4j.
 */
export async function dashboardSection({ base, neo4j, config, rounds, ttl }) {
  const plain = "bench-dashboard";
  const cached = `bench-dashboard-cached-${Date.now().toString(36)}`;
  const queries = pageQueries(config).length;
  console.log(`\n4. dashboard load: the demo dashboard (${queries} queries on load), ${rounds} rounds; time until every viewer's every panel answered`);
  try {
    const imported = await importCopy(base, plain, config);
    if (imported.status >= 300) throw new Error(`importing the dashboard: ${imported.status} ${JSON.stringify(imported.body)}`);
    const leg = async (label, id, viewers) => {
      const counted = await countTransactions(neo4j, () => loadDashboard(base, id, { viewers, rounds }));
      const { p50, max, tally } = counted.value;
      const perPanel = counted.transactions / queries;
      console.log(
        `     ${label.padEnd(22)} ${String(viewers).padStart(2)} viewer(s)  p50 ${ms(p50).padStart(10)}  slowest ${ms(max).padStart(10)}  Neo4j queries ${counted.transactions} (${perPanel.toFixed(1)} per panel over the leg)  answers: ${tallyText(tally)}`,
      );
      return perPanel;
    };
    await leg("cache off", plain, 1);
    await leg("cache off", plain, 8);
    const withCache = await importCopy(base, cached, { ...config, cache_ttl_seconds: ttl });
    if (withCache.status === 422) {
      console.log(`     cache on: skipped, the server refuses cache_ttl_seconds: ${JSON.stringify(withCache.body.error?.fields ?? withCache.body)}`);
      return;
    }
    if (withCache.status >= 300) throw new Error(`importing the cached dashboard: ${withCache.status} ${JSON.stringify(withCache.body)}`);
    // 8 viewers first, from a cold cache: the count covers filling it.
    const perPanel = await leg(`cache on (ttl ${ttl} s)`, cached, 8);
    await leg(`cache on (ttl ${ttl} s)`, cached, 1);
    console.log(`     8 viewers, cache on, from cold: ${perPanel.toFixed(2)} Neo4j queries per panel within one TTL (target <= 1)`);
  } finally {
    await deleteReports(base, [plain, cached]);
  }
}
