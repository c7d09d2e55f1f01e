// Which process listens on a TCP port, read from /proc: the benchmark attributes CPU and memory
// to the one workerd process that serves a Worker's socket (each Worker wrangler serves, and
// wrangler dev's front door, runs in a workerd process of its own).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Every listening TCP socket of this machine (IPv4 and IPv6): its port and inode. */
function listeningSockets() {
  const sockets = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // State 0A is LISTEN.
      if (fields.length >= 10 && fields[3] === "0A") sockets.push({ port: Number.parseInt(fields[1].split(":").at(-1), 16), inode: fields[9] });
    }
  }
  return sockets;
}

/** The inodes of the sockets a process holds open. */
function socketInodes(pid) {
  const inodes = new Set();
  let fds = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // Closed meanwhile.
    }
  }
  return inodes;
}

/** The pid of the process listening on `port` on this machine (among those we may read), or undefined. */
export function pidListeningOn(port) {
  const inodes = new Set(
    listeningSockets()
      .filter((socket) => socket.port === port)
      .map((socket) => socket.inode),
  );
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    for (const inode of socketInodes(entry)) if (inodes.has(inode)) return Number(entry);
  }
  return undefined;
}

/** The TCP ports a process listens on. */
export function portsListenedBy(pid) {
  const inodes = socketInodes(pid);
  return [
    ...new Set(
      listeningSockets()
        .filter((socket) => inodes.has(socket.inode))
        .map((socket) => socket.port),
    ),
  ];
}

/** The pid of the process listening on the port of a URL such as http://127.0.0.1:8080. */
export const pidServing = (url) => pidListeningOn(Number(new URL(url).port));
