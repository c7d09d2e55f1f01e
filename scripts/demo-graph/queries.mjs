// Read queries that make sense on the demo graph; they seed the demo toolset for `npm start`.
// Parameter types are explicit because the Query API cannot tell 9.0 from 9 in plain JSON.

/**
 * @typedef {object} DemoParameter
 * @property {"string" | "integer" | "float" | "boolean"} type
 * @property {string} description
 * @property {string | number | boolean} default
 */

/**
 * @typedef {object} DemoQuery
 * @property {string} id
 * @property {string} name
 * @property {string} description
 * @property {string} cypher
 * @property {Record<string, DemoParameter>} [parameters]
 */

const limit = /** @type {DemoParameter} */ ({ type: "integer", description: "The most rows to return.", default: 25 });

/** @type {DemoQuery[]} */
export const demoQueries = [
  {
    id: "count-by-label",
    name: "Count nodes by label",
    description: "How many nodes of each label the graph holds.",
    cypher: `MATCH (n)
UNWIND labels(n) AS label
RETURN label, count(*) AS nodes
ORDER BY nodes DESC, label`,
  },
  {
    id: "internet-exposed-instances",
    name: "Internet-exposed EC2 instances",
    description: "Instances with a public address in a security group that admits 0.0.0.0/0, with the open port ranges.",
    cypher: `MATCH (a:AWSAccount)-[:RESOURCE]->(i:EC2Instance {exposed_internet: true})
MATCH (i)-[:MEMBER_OF_EC2_SECURITY_GROUP]->(:EC2SecurityGroup)<-[:MEMBER_OF_EC2_SECURITY_GROUP]-(rule:IpPermissionInbound {cidr: "0.0.0.0/0"})
RETURN a.name AS account, i.id AS instance, i.publicipaddress AS public_ip, i.state AS state,
       collect(DISTINCT rule.protocol + " " + toString(rule.fromport) + "-" + toString(rule.toport)) AS open_ports
ORDER BY account, instance
LIMIT $limit`,
    parameters: { limit },
  },
  {
    id: "repositories-with-critical-cves",
    name: "Repositories with critical CVEs",
    description: "Repositories whose dependencies are affected by CVEs scoring at least min_cvss, worst first.",
    cypher: `MATCH (repo:GitHubRepository)-[:REQUIRES]->(d:Dependency)-[:AFFECTED_BY]->(c:CVE)
WHERE c.cvss_score >= $min_cvss
RETURN repo.fullname AS repository, count(DISTINCT c) AS cves, max(c.cvss_score) AS max_cvss,
       collect(DISTINCT d.name + "@" + d.version)[..5] AS dependencies
ORDER BY max_cvss DESC, cves DESC, repository
LIMIT $limit`,
    parameters: { min_cvss: { type: "float", description: "The lowest CVSS score to report (0.0 to 10.0).", default: 9.0 }, limit },
  },
  {
    id: "exposed-vulnerable-instances",
    name: "Exposed instances running vulnerable code",
    description: "Internet-exposed instances that run a repository with a dependency affected by a CVE of the given severity.",
    cypher: `MATCH (i:EC2Instance {exposed_internet: true})-[:RUNS]->(repo:GitHubRepository)-[:REQUIRES]->(:Dependency)-[:AFFECTED_BY]->(c:CVE {severity: $severity})
RETURN i.id AS instance, i.publicipaddress AS public_ip, repo.fullname AS repository, collect(DISTINCT c.id) AS cves
ORDER BY size(cves) DESC, instance
LIMIT $limit`,
    parameters: { severity: { type: "string", description: "LOW, MEDIUM, HIGH or CRITICAL.", default: "CRITICAL" }, limit },
  },
  {
    id: "public-buckets",
    name: "Anonymously readable S3 buckets",
    description: "Buckets open to anonymous access, largest first, with the roles that can write to them.",
    cypher: `MATCH (a:AWSAccount)-[:RESOURCE]->(b:S3Bucket {anonymous_access: true})
OPTIONAL MATCH (writer:AWSRole)-[:CAN_WRITE]->(b)
RETURN a.name AS account, b.name AS bucket, b.region AS region, b.object_count AS objects, collect(writer.name) AS writers
ORDER BY objects DESC, bucket
LIMIT $limit`,
    parameters: { limit },
  },
  {
    id: "dependency-usage",
    name: "Dependency usage",
    description: "Packages whose name starts with a prefix, and how many repositories require each version.",
    cypher: `MATCH (d:Dependency)
WHERE d.name STARTS WITH $prefix
OPTIONAL MATCH (repo:GitHubRepository)-[:REQUIRES]->(d)
RETURN d.ecosystem AS ecosystem, d.name AS package, d.version AS version, count(repo) AS repositories
ORDER BY repositories DESC, package, version
LIMIT $limit`,
    parameters: { prefix: { type: "string", description: "The start of the package name.", default: "json" }, limit },
  },
];
