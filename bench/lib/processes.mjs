// What the benchmark reads about processes from /proc: resident memory and CPU use.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** The direct children of a process. */
export function childrenOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    // The process ended.
    return [];
  }
}

/** The parent of a process. */
export const parentOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);

/** The name the kernel gives a process (workerd, java, node...). */
export function processName(pid) {
  try {
    return /Name:\s+(\S+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  } catch {
    return undefined;
  }
}

/** Resident memory of one process, in bytes (0 once it has ended). */
export function rss(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
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
