// Where a soak's memory growth comes from: the same soak through Seizu Edge and through each
// control Worker, each workerd's resident memory read on its own.
import { exchange, seizuCall, seizuRequest } from "./mcp.mjs";
import { heapReader } from "./inspector.mjs";
import { rss } from "./processes.mjs";
import { halves, soak } from "./soak.mjs";
import { mb } from "./stats.mjs";

/**
 * 8. The same soak through Seizu Edge and through each control Worker: the same number of calls
 * and callers, the same queries and result sizes (a control forwards the Cypher of each Seizu
 * call; Seizu's tools/list, which has no query, becomes the lightest query there). Then the
 * second half's growth of each workerd, Seizu's split into what the runtime and the D1
 * simulator show without Seizu and what is Seizu's own.
 */
export async function soakSection({ stack, bare, d1Control, barePid, d1Pid, queryBody, light, typical, rowsQuery, listTool, calls, callers, controls }) {
  const { seizu } = stack;
  const int = (value) => ({ $type: "Integer", _value: String(value) });
  // Each mix entry: the Seizu call, and the query body a control forwards for it with the tool a D1 read fetches.
  const mix = [
    [() => seizuCall(seizu.socket, "bench__typical", { limit: 25 }), () => queryBody(typical, { limit: int(25) }), "typical"],
    [
      () => seizuCall(seizu.socket, "bench__exposed", { exposed: true, limit: 25 }),
      () => queryBody(light, { exposed: { $type: "Boolean", _value: true }, limit: int(25) }),
      "exposed",
    ],
    [
      (i) => seizuCall(seizu.socket, "graph__query", { query: `MATCH (i:EC2Instance) RETURN i.id AS id, ${i % 500} AS k LIMIT 5`, parameters: {} }),
      (i) => queryBody(`MATCH (i:EC2Instance) RETURN i.id AS id, ${i % 500} AS k LIMIT 5`, {}),
      "typical",
    ],
    [() => seizuCall(seizu.socket, "bench__rows", { n: 2_000 }), () => queryBody(rowsQuery, { n: int(2_000) }), "rows"],
    listTool
      ? [() => seizuCall(seizu.socket, "bench_list_0__tool_0", {}), () => queryBody("MATCH (n:EC2Instance) RETURN count(n) AS n", {}), "typical"]
      : [
          () => seizuCall(seizu.socket, "bench__exposed", { exposed: false, limit: 25 }),
          () => queryBody(light, { exposed: { $type: "Boolean", _value: false }, limit: int(25) }),
          "exposed",
        ],
    [() => seizuRequest(seizu.socket, "tools/list", {}), () => queryBody("RETURN 1 AS one", {}), "exposed"],
  ];
  console.log(`\n8. soaks: ${calls} mixed calls from ${callers} callers through each server; its workerd's resident memory`);
  // The isolate's JS heap after a full collection is what the app itself holds; resident
  // memory also counts the runtime's allocator, the D1 simulator and freed pages kept.
  const heap = seizu.inspectorPort ? await heapReader(seizu.inspectorPort) : undefined;
  const seizuSeries = await soak(
    "Seizu Edge",
    mix.map(([call]) => call),
    { calls: calls, callers: callers, readers: { resident: () => rss(seizu.pid), ...(heap ? { "JS heap after GC": heap.read } : {}) } },
  );
  heap?.close();
  const growth = (series) => halves(series);
  const line = (label, series) => {
    const { first, second } = growth(series);
    console.log(`     ${label.padEnd(36)} first half ${mb(first).padStart(9)}, second half ${mb(second).padStart(9)}`);
  };
  if (!controls) {
    console.log("   growth of resident memory (levels off when the second half grows far less than the first)");
    line("Seizu Edge", seizuSeries.resident);
    if (seizuSeries["JS heap after GC"]) line("Seizu Edge JS heap after GC", seizuSeries["JS heap after GC"]);
    return;
  }
  const bareSeries = await soak(
    "bare pass-through Worker",
    mix.map(
      ([, body]) =>
        (i) =>
          exchange(bare.socket, { method: "POST", body: body(i) }),
    ),
    { calls: calls, callers: callers, readers: { resident: () => rss(barePid) } },
  );
  const d1Series = await soak(
    "bare Worker + the tools/call D1 read",
    mix.map(
      ([, body, tool]) =>
        (i) =>
          exchange(`${d1Control.socket}/?toolset=bench&tool=${tool}`, { method: "POST", body: body(i) }),
    ),
    { calls: calls, callers: callers, readers: { resident: () => rss(d1Pid) } },
  );
  console.log("   growth of resident memory (levels off when the second half grows far less than the first)");
  line("bare pass-through Worker", bareSeries.resident);
  line("bare Worker + D1 read", d1Series.resident);
  line("Seizu Edge", seizuSeries.resident);
  if (seizuSeries["JS heap after GC"]) line("Seizu Edge JS heap after GC", seizuSeries["JS heap after GC"]);
  const seizuGrowth = growth(seizuSeries.resident).second;
  const runtime = growth(bareSeries.resident).second;
  const withD1 = growth(d1Series.resident).second;
  console.log(
    `   second half: the local runtime grows ${mb(runtime)} with no Seizu code at all (bare Worker), ${mb(withD1)} with the D1 simulator's reads (D1 control); Seizu Edge ${mb(seizuGrowth)}`,
  );
  console.log(
    seizuGrowth <= withD1
      ? `   so none of Seizu Edge's growth goes beyond what the local runtime and its D1 simulator show by themselves`
      : `   so of Seizu Edge's ${mb(seizuGrowth)}, ${mb(Math.max(0, runtime))} is the local runtime's, ${mb(Math.max(0, withD1 - Math.max(0, runtime)))} the D1 simulator's, and ${mb(seizuGrowth - Math.max(0, withD1, runtime))} Seizu Edge's own`,
  );
}
