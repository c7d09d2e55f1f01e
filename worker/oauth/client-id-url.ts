// The outbound rule for Client ID Metadata Documents beyond the library's own (https, 5 KB, 10 s)
// and production's global_fetch_strictly_public flag: a client_id URL that names this machine or a
// private network, by name (localhost) or by address literal, is refused before anything fetches
// it, so a client cannot aim the Worker at internal services. URL parsing has already turned
// every spelling of an address (0x7f.1, 2130706433, [::ffff:127.0.0.1]) into its canonical form.

/** IPv4 ranges that are not the public internet: this network, private, shared, loopback, link-local, benchmarking, multicast and reserved. */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xe0000000, 3],
];

function v4Value(address: string): number | undefined {
  const parts = address.split(".");
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

function privateV4(value: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The 16-bit groups of a canonical IPv6 literal (without brackets). */
function v6Groups(address: string): number[] | undefined {
  const [head = "", tail] = address.split("::");
  const groups = (text: string) => (text === "" ? [] : text.split(":").map((group) => Number.parseInt(group, 16)));
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const all = [...first, ...Array(8 - first.length - last.length).fill(0), ...last];
  return all.length === 8 && all.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? all : undefined;
}

function privateV6(groups: number[]): boolean {
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroPrefix = groups.slice(0, 5).every((group) => group === 0);
  if (zeroPrefix && g5 === 0xffff) return privateV4(g6 * 65536 + g7); // IPv4-mapped
  if (zeroPrefix && g5 === 0 && g6 === 0) return true; // unspecified, loopback, IPv4-compatible
  return (g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00; // unique-local, link-local, multicast
}

/** Why the Worker may not fetch this client_id URL, or undefined when it may (the library checks the rest). */
export function clientIdUrlProblem(clientId: string): string | undefined {
  if (!clientId.startsWith("https:") && !clientId.startsWith("http:")) return undefined;
  let hostname: string;
  try {
    hostname = new URL(clientId).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const refused = `client_id ${clientId} names ${hostname}, a private, loopback or link-local address: a client metadata document must be on a public host`;
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return refused;
  const v4 = v4Value(hostname);
  if (v4 !== undefined) return privateV4(v4) ? refused : undefined;
  if (hostname.startsWith("[")) {
    const groups = v6Groups(hostname.slice(1, -1));
    return !groups || privateV6(groups) ? refused : undefined;
  }
  return undefined;
}
