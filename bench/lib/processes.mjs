// What the benchmark reads about processes from /proc: resident memory and CPU use.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

function descendants(rootPid) {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, "utf8").trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // The process ended between listing and reading.
    }
  }
  return pids;
}

/** Resident memory of the workerd processes this process started, in bytes. */
export function workerdRss() {
  let total = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (/Name:\s+workerd\b/.test(status)) total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // Gone.
    }
  }
  return total;
}

/** CPU seconds the workerd processes this process started have used so far (user + system). */
export function workerdCpuSeconds() {
  let ticks = 0;
  for (const pid of descendants(process.pid)) {
    try {
      if (/Name:\s+workerd\b/.test(readFileSync(`/proc/${pid}/status`, "utf8"))) ticks += cpuTicks(pid);
    } catch {
      // Gone.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds one process has used so far (user + system). */
export function cpuSeconds(pid) {
  return cpuTicks(pid) / TICKS_PER_SECOND;
}

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until a process uses less than `share` of one CPU over a second (Neo4j keeps
 * compiling, sampling indexes and collecting garbage for a while after a bulk load, which
 * would blur every figure), or until `timeoutMs` has passed.
 */
export async function waitUntilQuiet(pid, { share = 0.1, timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = cpuTicks(pid);
    await new Promise((ok) => setTimeout(ok, 1_000));
    if ((cpuTicks(pid) - before) / TICKS_PER_SECOND < share) return true;
  }
  return false;
}
