// The deterministic demo graph: a Cartography-like inventory of AWS accounts (instances,
// security groups and their inbound rules, buckets, roles) and GitHub organizations
// (repositories, their dependencies and the CVEs affecting them).
//
// Each entity is a pure function of its kind, its index and the plan (how many entities of
// each kind there are), so the graph can be streamed out in batches: a relationship names
// its target by recomputing the target's id, and nothing is kept in memory. Children are
// spread over parents in contiguous blocks (see ownerOf/childrenOf), which lets an instance
// find the security groups of its own account without a lookup table.
import { hex8, mix32, randomFor } from "./random.mjs";
import * as words from "./words.mjs";

/** Below this the fixed minimums (two accounts, two organizations) would dominate. */
export const minimumNodes = 100;

/**
 * Load order: every kind's relationships point only at kinds that come before it.
 * @type {readonly Kind[]}
 */
export const kinds = [
  "AWSAccount",
  "GitHubOrganization",
  "EC2SecurityGroup",
  "IpRule",
  "S3Bucket",
  "AWSRole",
  "CVE",
  "Dependency",
  "GitHubRepository",
  "EC2Instance",
];

/** @typedef {"AWSAccount" | "GitHubOrganization" | "EC2SecurityGroup" | "IpRule" | "S3Bucket" | "AWSRole" | "CVE" | "Dependency" | "GitHubRepository" | "EC2Instance"} Kind */
/** @typedef {Record<Kind, number>} Plan how many entities of each kind; sums to the requested size */
/** @typedef {{ props: Record<string, unknown>, [reference: string]: unknown }} Row one entity: its node properties plus the ids of what it points at */
/** @typedef {(index: number) => string} NameOf a name or id derived from an index alone */
/** @typedef {(index: number, plan: Plan) => string} NameIn a name or id that also depends on the plan (usually through the owner) */

/** Shares of the nodes left after accounts and organizations; EC2Instance takes the rounding remainder. */
const shares = /** @type {const} */ ([
  ["EC2SecurityGroup", 0.05],
  ["IpRule", 0.12],
  ["S3Bucket", 0.08],
  ["AWSRole", 0.08],
  ["CVE", 0.15],
  ["Dependency", 0.2],
  ["GitHubRepository", 0.1],
  ["EC2Instance", 0.22],
]);

/**
 * @param {number} nodes the total node count wanted
 * @returns {Plan}
 */
export function planGraph(nodes) {
  if (!Number.isSafeInteger(nodes) || nodes < minimumNodes)
    throw new RangeError(`demo graph: nodes must be an integer of at least ${minimumNodes}, got ${nodes}`);
  const plan = /** @type {Plan} */ ({ AWSAccount: Math.max(2, Math.round(nodes / 10_000)), GitHubOrganization: Math.max(2, Math.round(nodes / 50_000)) });
  const rest = nodes - plan.AWSAccount - plan.GitHubOrganization;
  let assigned = 0;
  for (const [kind, share] of shares) {
    plan[kind] = Math.floor(rest * share);
    assigned += plan[kind];
  }
  plan.EC2Instance += rest - assigned;
  return plan;
}

/**
 * The rows of the whole graph in load order, `size` rows at a time, never mixing kinds.
 * @param {Plan} plan
 * @param {number} size
 * @returns {Generator<{ kind: Kind, rows: Row[] }>}
 */
export function* batches(plan, size) {
  for (const kind of kinds) {
    for (let start = 0; start < plan[kind]; start += size) {
      const rows = [];
      for (let index = start; index < Math.min(start + size, plan[kind]); index++) rows.push(entities[kind](index, plan));
      yield { kind, rows };
    }
  }
}

/**
 * The parent of child `index` when `children` are spread over `parents` in contiguous blocks.
 * @param {number} index @param {number} children @param {number} parents
 */
function ownerOf(index, children, parents) {
  return Math.floor((index * parents) / children);
}

/**
 * The child indices [from, to) of `parent`; the inverse of ownerOf.
 * @param {number} parent @param {number} children @param {number} parents
 */
function childrenOf(parent, children, parents) {
  return [Math.ceil((parent * children) / parents), Math.ceil(((parent + 1) * children) / parents)];
}

/**
 * Up to `count` distinct values of `draw()`, in draw order. Gives up after a few misses so
 * a small pool cannot loop forever.
 * @template T
 * @param {number} count
 * @param {() => T} draw
 * @returns {T[]}
 */
function distinct(count, draw) {
  const picked = new Set();
  for (let attempt = 0; picked.size < count && attempt < count * 4; attempt++) picked.add(draw());
  return [...picked];
}

/**
 * A readable name unique to `index`: one word from each list, read as the digits of a
 * mixed-radix number, then the overflow as a numeric suffix. Striding through the
 * combinations by a prime keeps neighbouring indices from sharing their last words; the
 * stride still visits every combination once, as no product of list sizes is a multiple of it.
 * @param {number} index
 * @param {...readonly string[]} lists
 */
function compose(index, ...lists) {
  const combinations = lists.reduce((product, list) => product * list.length, 1);
  let rest = ((index % combinations) * 7919) % combinations;
  const parts = [];
  for (const list of lists) {
    parts.push(list[rest % list.length]);
    rest = Math.floor(rest / list.length);
  }
  const overflow = Math.floor(index / combinations);
  if (overflow > 0) parts.push(String(overflow));
  return parts.filter(Boolean).join("-");
}

/**
 * 16 hex digits unique to `index` (within one salt), for AWS-style ids.
 * @param {number} salt @param {number} index
 */
function uniqueHex(salt, index) {
  return hex8(mix32((index ^ salt) >>> 0)) + hex8(mix32((index ^ ~salt) >>> 0));
}

// A fixed window instead of "now", so the graph does not change from one day to the next.
const windowStart = Date.UTC(2016, 0, 1);
const windowEnd = Date.UTC(2025, 6, 1);

/**
 * An ISO-8601 instant in whole seconds, for Cypher's datetime().
 * @param {import("./random.mjs").Random} random
 */
function instant(random, from = windowStart, to = windowEnd) {
  return new Date(Math.floor((from + random.next() * (to - from)) / 1000) * 1000).toISOString();
}

/**
 * An ISO-8601 calendar date, for Cypher's date().
 * @param {import("./random.mjs").Random} random
 */
function day(random, from = windowStart, to = windowEnd) {
  return instant(random, from, to).slice(0, 10);
}

/** @type {NameOf} */
const accountId = (index) => String(100_000_000_000 + mix32((index ^ 0x5eed) >>> 0));
/** @type {NameOf} */
const accountCompany = (index) => compose(index, words.companyWords, words.environments).split("-")[0];
/**
 * Most of an account's resources live in its home region.
 * @type {NameOf}
 */
const homeRegion = (account) => words.regions[mix32(account) % words.regions.length];

/** @param {number} index */
function account(index) {
  const random = randomFor("AWSAccount", index);
  const name = compose(index, words.companyWords, words.environments);
  return {
    props: {
      id: accountId(index),
      name,
      environment: name.split("-")[1],
      inscope: true,
      home_region: homeRegion(index),
      created_at: instant(random, Date.UTC(2010, 0, 1), windowStart),
    },
  };
}

/** @type {NameOf} */
const organizationLogin = (index) => compose(index, words.companyWords);
/** @type {NameOf} */
const organizationId = (index) => `https://github.com/${organizationLogin(index)}`;

/** @param {number} index */
function organization(index) {
  const random = randomFor("GitHubOrganization", index);
  const login = organizationLogin(index);
  return {
    props: {
      id: organizationId(index),
      username: login,
      display_name: `${login[0].toUpperCase()}${login.slice(1)} Inc.`,
      verified: random.chance(0.7),
      members_count: random.int(5, 2_000),
      created_at: instant(random, Date.UTC(2010, 0, 1), windowStart),
    },
  };
}

/** @type {NameOf} */
const securityGroupId = (index) => `sg-0${uniqueHex(0x5ec6, index)}`;

/** @param {number} index @param {Plan} plan */
function securityGroup(index, plan) {
  const random = randomFor("EC2SecurityGroup", index);
  const owner = ownerOf(index, plan.EC2SecurityGroup, plan.AWSAccount);
  const purpose = random.pick(words.groupPurposes);
  return {
    account: accountId(owner),
    props: {
      id: securityGroupId(index),
      groupid: securityGroupId(index),
      name: purpose === "default" ? "default" : `${purpose}-${index.toString(36)}`,
      description: `${purpose} tier`,
      region: random.chance(0.8) ? homeRegion(owner) : random.pick(words.regions),
      vpcid: `vpc-0${uniqueHex(0x7c0, owner)}`,
    },
  };
}

/**
 * [protocol, fromport, toport] of common inbound rules, with their relative frequency.
 * @type {[[string, number, number], number][]}
 */
const portRanges = [
  [["tcp", 443, 443], 25],
  [["tcp", 80, 80], 15],
  [["tcp", 22, 22], 15],
  [["tcp", 3389, 3389], 4],
  [["tcp", 5432, 5432], 8],
  [["tcp", 6379, 6379], 5],
  [["tcp", 8080, 8090], 8],
  [["tcp", 1024, 65535], 5],
  [["udp", 53, 53], 5],
  [["-1", 0, 65535], 10],
];

/** @type {NameOf} */
const ipRuleId = (index) => `sgr-0${uniqueHex(0x1e7e, index)}`;

/** @param {number} index @param {Plan} plan */
function ipRule(index, plan) {
  const random = randomFor("IpRule", index);
  const [protocol, fromport, toport] = random.weighted(portRanges);
  const cidr = random.weighted([
    ["0.0.0.0/0", 18],
    ["10.0.0.0/8", 30],
    [`172.${random.int(16, 31)}.0.0/16`, 20],
    [`192.168.${random.int(0, 255)}.0/24`, 15],
    [`${random.int(20, 220)}.${random.int(0, 255)}.${random.int(0, 255)}.0/24`, 17],
  ]);
  return {
    group: securityGroupId(ownerOf(index, plan.IpRule, plan.EC2SecurityGroup)),
    props: { id: ipRuleId(index), ruleid: ipRuleId(index), protocol, fromport, toport, cidr },
  };
}

/**
 * Whether any inbound rule of security group `group` admits the whole internet.
 * @param {number} group @param {Plan} plan
 */
function openToInternet(group, plan) {
  const [from, to] = childrenOf(group, plan.IpRule, plan.EC2SecurityGroup);
  for (let rule = from; rule < to; rule++) if (ipRule(rule, plan).props.cidr === "0.0.0.0/0") return true;
  return false;
}

/** @type {NameIn} */
const bucketId = (index, plan) =>
  `${accountCompany(ownerOf(index, plan.S3Bucket, plan.AWSAccount))}-${words.bucketPurposes[index % words.bucketPurposes.length]}-${hex8(mix32((index ^ 0xb0c4) >>> 0))}`;

/** @param {number} index @param {Plan} plan */
function bucket(index, plan) {
  const random = randomFor("S3Bucket", index);
  const owner = ownerOf(index, plan.S3Bucket, plan.AWSAccount);
  const objects = Math.floor(random.next() ** 3 * 5_000_000);
  return {
    account: accountId(owner),
    props: {
      id: bucketId(index, plan),
      name: bucketId(index, plan),
      region: random.chance(0.8) ? homeRegion(owner) : random.pick(words.regions),
      creationdate: instant(random),
      anonymous_access: random.chance(0.07),
      default_encryption: random.chance(0.85),
      versioning_status: random.weighted([
        ["Enabled", 6],
        ["Suspended", 1],
        ["Disabled", 3],
      ]),
      object_count: objects,
      size_bytes: objects * random.int(2_000, 4_000_000),
      tags: [`team:${random.pick(words.teams)}`, `env:${random.pick(words.environments)}`],
    },
  };
}

/** @type {NameOf} */
const roleName = (index) => compose(index, words.rolePurposes, words.teams);
/** @type {NameIn} */
const roleId = (index, plan) => `arn:aws:iam::${accountId(ownerOf(index, plan.AWSRole, plan.AWSAccount))}:role/${roleName(index)}`;

/** @param {number} index @param {Plan} plan */
function role(index, plan) {
  const random = randomFor("AWSRole", index);
  const owner = ownerOf(index, plan.AWSRole, plan.AWSAccount);
  const [from, to] = childrenOf(owner, plan.S3Bucket, plan.AWSAccount);
  const reads = distinct(random.int(0, 4), () => random.int(from, to - 1));
  return {
    account: accountId(owner),
    reads: reads.map((b) => bucketId(b, plan)),
    writes: reads.filter(() => random.chance(0.3)).map((b) => bucketId(b, plan)),
    props: {
      id: roleId(index, plan),
      arn: roleId(index, plan),
      name: roleName(index),
      roleid: `AROA${uniqueHex(0x401e, index).toUpperCase()}`,
      path: "/",
      createdate: instant(random),
      max_session_duration: random.pick([3600, 3600, 7200, 43200]),
      trusted_services: distinct(random.int(1, 2), () => random.pick(words.awsServices)),
    },
  };
}

/**
 * [severity, lowest score, highest score] with relative frequency, per CVSS v3 bands.
 * @type {[[string, number, number], number][]}
 */
const severities = [
  [["LOW", 0.1, 3.9], 10],
  [["MEDIUM", 4.0, 6.9], 40],
  [["HIGH", 7.0, 8.9], 35],
  [["CRITICAL", 9.0, 10.0], 15],
];

/** @type {(index: number) => number} */
const cveYear = (index) => 2016 + (mix32((index ^ 0xc7e) >>> 0) % 10);
/** @type {NameOf} */
const cveId = (index) => `CVE-${cveYear(index)}-${10_000 + index}`;

/** @param {number} index */
function cve(index) {
  const random = randomFor("CVE", index);
  const [severity, low, high] = random.weighted(severities);
  const [cwe, weakness] = random.pick(words.weaknesses);
  const year = cveYear(index);
  return {
    props: {
      id: cveId(index),
      cve_id: cveId(index),
      // Scores are multiples of 0.1, as CVSS publishes them.
      cvss_score: Number((low + random.int(0, Math.round((high - low) * 10)) / 10).toFixed(1)),
      severity,
      published: day(random, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)),
      description: `${weakness} in ${random.pick(words.packageParts)} handling allows ${random.pick(words.impacts)}.`,
      cwe_ids: random.chance(0.2) ? [...new Set([cwe, random.pick(words.weaknesses)[0]])] : [cwe],
      exploit_available: random.chance(severity === "CRITICAL" ? 0.4 : 0.1),
      epss_score: random.float(0, 1, 4),
    },
  };
}

const versionsPerPackage = 3;

/**
 * The identity of dependency `index` (a package version), cheap enough to recompute for
 * every repository that requires it.
 * @param {number} index
 */
function dependencyIdentity(index) {
  const pkg = Math.floor(index / versionsPerPackage);
  const hash = mix32((pkg ^ 0xde9) >>> 0);
  const ecosystem = words.ecosystems[hash % words.ecosystems.length];
  const base = compose(pkg, words.packagePrefixes, words.packageParts, words.packageSuffixes);
  const namespace = words.companyWords[(hash >>> 8) % words.companyWords.length];
  // Versions of one package differ in the minor number, which keeps them distinct.
  const version = `${(hash >>> 4) % 6}.${((hash >>> 12) % 15) + (index % versionsPerPackage)}.${mix32(index) % 12}`;
  // Each ecosystem's naming habits, as [name, the name as it appears in a purl].
  /** @type {Record<string, [string, string]>} */
  const names = {
    npm: [base, base],
    pypi: [base.replaceAll("-", "_"), base.replaceAll("-", "_")],
    maven: [`com.${namespace}:${base}`, `com.${namespace}/${base}`],
    golang: [`github.com/${namespace}/${base}`, `github.com/${namespace}/${base}`],
    cargo: [base.replaceAll("-", "_"), base.replaceAll("-", "_")],
  };
  const [name, purlName] = names[ecosystem];
  return { id: `pkg:${ecosystem}/${purlName}@${version}`, name, version, ecosystem };
}

/** @param {number} index @param {Plan} plan */
function dependency(index, plan) {
  const random = randomFor("Dependency", index);
  const vulnerable = random.chance(0.15);
  return {
    cves: vulnerable ? distinct(random.int(1, 3), () => cveId(random.int(0, plan.CVE - 1))) : [],
    props: {
      ...dependencyIdentity(index),
      license: random.pick(words.licenses),
      deprecated: random.chance(0.05),
      released: day(random),
    },
  };
}

/** @type {NameOf} */
const repositoryName = (index) => compose(index, words.repoAdjectives, words.repoNouns);
/** @type {NameIn} */
const repositoryId = (index, plan) => `${organizationId(ownerOf(index, plan.GitHubRepository, plan.GitHubOrganization))}/${repositoryName(index)}`;

/** @param {number} index @param {Plan} plan */
function repository(index, plan) {
  const random = randomFor("GitHubRepository", index);
  const owner = ownerOf(index, plan.GitHubRepository, plan.GitHubOrganization);
  const name = repositoryName(index);
  const created = instant(random);
  // Squaring skews picks toward low indices, so a few packages are required everywhere,
  // as in real ecosystems; their CVEs then reach many repositories.
  const requires = distinct(random.int(2, 15), () => Math.floor(random.next() ** 2 * plan.Dependency)).map((dep) => {
    const { id, version } = dependencyIdentity(dep);
    return { id, specifier: `${random.pick(["^", "~", ">=", "=="])}${version}`, dev: random.chance(0.25) };
  });
  return {
    organization: organizationId(owner),
    requires,
    props: {
      id: repositoryId(index, plan),
      name,
      fullname: `${organizationLogin(owner)}/${name}`,
      description: `The ${name.replaceAll("-", " ")} service.`,
      primary_language: random.pick(words.languages),
      private: random.chance(0.6),
      archived: random.chance(0.1),
      default_branch: random.chance(0.85) ? "main" : "master",
      stargazers_count: Math.floor(random.next() ** 4 * 20_000),
      topics: distinct(random.int(0, 3), () => random.pick(words.topics)),
      created_at: created,
      pushed_at: instant(random, Date.parse(created), windowEnd),
    },
  };
}

/** @type {NameOf} */
const instanceId = (index) => `i-0${uniqueHex(0x1257, index)}`;

/** @param {number} index @param {Plan} plan */
function instance(index, plan) {
  const random = randomFor("EC2Instance", index);
  const owner = ownerOf(index, plan.EC2Instance, plan.AWSAccount);
  const [groupFrom, groupTo] = childrenOf(owner, plan.EC2SecurityGroup, plan.AWSAccount);
  const groups = distinct(
    random.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
    ]),
    () => random.int(groupFrom, groupTo - 1),
  );
  const [roleFrom, roleTo] = childrenOf(owner, plan.AWSRole, plan.AWSAccount);
  const region = /** @type {string} */ (securityGroup(groups[0], plan).props.region);
  const publicIp = random.chance(0.3) ? `${random.pick([3, 18, 34, 52, 54])}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}` : undefined;
  const exposed = publicIp !== undefined && groups.some((group) => openToInternet(group, plan));
  /** @type {Record<string, unknown>} */
  const props = {
    id: instanceId(index),
    instanceid: instanceId(index),
    instancetype: random.pick(words.instanceTypes),
    imageid: random.pick(words.amiIds),
    state: random.weighted([
      ["running", 80],
      ["stopped", 15],
      ["terminated", 5],
    ]),
    region,
    availabilityzone: `${region}${random.pick(["a", "b", "c"])}`,
    launchtime: instant(random),
    privateipaddress: `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
    exposed_internet: exposed,
    ebsoptimized: random.chance(0.7),
    cpu_core_count: random.pick([1, 2, 2, 4, 4, 8, 16]),
    tags: [`team:${random.pick(words.teams)}`, `env:${random.pick(words.environments)}`],
  };
  if (publicIp) Object.assign(props, { publicipaddress: publicIp, publicdnsname: `ec2-${publicIp.replaceAll(".", "-")}.compute-1.amazonaws.com` });
  if (exposed) props.exposed_internet_type = ["direct"];
  return {
    account: accountId(owner),
    groups: groups.map(securityGroupId),
    roles: random.chance(0.6) ? [roleId(random.int(roleFrom, roleTo - 1), plan)] : [],
    repositories: random.chance(0.5) ? [repositoryId(random.int(0, plan.GitHubRepository - 1), plan)] : [],
    props,
  };
}

/** @type {Record<Kind, (index: number, plan: Plan) => Row>} */
const entities = {
  AWSAccount: account,
  GitHubOrganization: organization,
  EC2SecurityGroup: securityGroup,
  IpRule: ipRule,
  S3Bucket: bucket,
  AWSRole: role,
  CVE: cve,
  Dependency: dependency,
  GitHubRepository: repository,
  EC2Instance: instance,
};
