// The demo security dashboard over the demo graph (schema.mjs): one report using every panel
// type, which `npm start` seeds once as the dashboard (later edits are kept). Its queries pass
// the same read-only validation as any report's when it is imported.

export const DEMO_DASHBOARD_ID = "security-overview";

export const demoDashboard = {
  schema_version: 1,
  name: "Security overview",
  queries: {
    critical_cves: "MATCH (c:CVE {severity: 'CRITICAL'}) RETURN count(c) AS total",
    exposed_instances: "MATCH (i:EC2Instance {exposed_internet: true}) RETURN count(i) AS total",
  },
  inputs: [
    {
      input_id: "severity",
      label: "Severity",
      type: "autocomplete",
      cypher: "MATCH (c:CVE) RETURN DISTINCT c.severity AS value, c.severity AS label ORDER BY value",
      default: { label: "CRITICAL", value: "CRITICAL" },
      size: 3,
    },
    { input_id: "prefix", label: "Package prefix", type: "text", default: { label: "json", value: "json" }, size: 3 },
  ],
  rows: [
    {
      name: "At a glance",
      panels: [
        { type: "count", cypher: "critical_cves", caption: "Critical CVEs", threshold: 1, w: 3, h: 2, x: 0, y: 0 },
        { type: "count", cypher: "exposed_instances", caption: "Internet-exposed instances", w: 3, h: 2, x: 3, y: 0 },
        {
          type: "progress",
          caption: "Instances exposed to the internet",
          cypher: "MATCH (i:EC2Instance) RETURN count(CASE WHEN i.exposed_internet THEN 1 END) AS numerator, count(i) AS denominator",
          progress_settings: { show_label: true },
          thresholds: [
            { value: 0.1, color: "orange" },
            { value: 0.25, color: "red" },
          ],
          w: 3,
          h: 2,
          x: 6,
          y: 0,
        },
        {
          type: "markdown",
          markdown:
            "**Security overview** of the demo graph: CVEs reaching internet-exposed instances, open buckets and dependencies. Pick a severity to narrow the tables.",
          w: 3,
          h: 2,
          x: 9,
          y: 0,
        },
      ],
    },
    {
      name: "Vulnerabilities",
      panels: [
        {
          type: "bar",
          caption: "CVEs by severity",
          cypher: "MATCH (c:CVE) RETURN c.severity AS id, count(*) AS value ORDER BY value DESC",
          bar_settings: { legend: "row" },
          w: 6,
          h: 3,
          x: 0,
          y: 0,
        },
        {
          type: "pie",
          caption: "Dependencies by ecosystem",
          cypher: "MATCH (d:Dependency) RETURN d.ecosystem AS id, count(*) AS value ORDER BY value DESC",
          pie_settings: { legend: "column" },
          w: 6,
          h: 3,
          x: 6,
          y: 0,
        },
        {
          type: "table",
          caption: "Exposed instances running vulnerable code",
          cypher: `MATCH (i:EC2Instance {exposed_internet: true})-[:RUNS]->(repo:GitHubRepository)-[:REQUIRES]->(:Dependency)-[:AFFECTED_BY]->(c:CVE)
WHERE $severity IS NULL OR c.severity = $severity
RETURN i.id AS instance, i.publicipaddress AS public_ip, repo.fullname AS repository, collect(DISTINCT c.id) AS cves
ORDER BY size(cves) DESC, instance
LIMIT $limit`,
          details_cypher: `MATCH (i:EC2Instance {exposed_internet: true})-[:RUNS]->(:GitHubRepository)-[:REQUIRES]->(d:Dependency)-[:AFFECTED_BY]->(c:CVE)
WHERE $severity IS NULL OR c.severity = $severity
RETURN c.id AS cve, c.cvss_score AS cvss, collect(DISTINCT d.name + "@" + d.version) AS dependencies
ORDER BY cvss DESC
LIMIT $limit`,
          params: [
            { name: "severity", input_id: "severity" },
            { name: "limit", value: 25 },
          ],
          table_id: "instance",
          w: 12,
          h: 4,
          x: 0,
          y: 3,
        },
      ],
    },
    {
      name: "Data and code",
      collapsible: true,
      panels: [
        {
          type: "vertical-table",
          caption: "Largest anonymously readable bucket",
          cypher: `MATCH (a:AWSAccount)-[:RESOURCE]->(b:S3Bucket {anonymous_access: true})
RETURN a.name AS account, b.name AS bucket, b.region AS region, b.object_count AS objects
ORDER BY objects DESC LIMIT 1`,
          w: 4,
          h: 3,
          x: 0,
          y: 0,
        },
        {
          type: "table",
          caption: "Dependency usage",
          cypher: `MATCH (d:Dependency)
WHERE $prefix IS NULL OR d.name STARTS WITH $prefix
OPTIONAL MATCH (repo:GitHubRepository)-[:REQUIRES]->(d)
RETURN d.ecosystem AS ecosystem, d.name AS package, d.version AS version, count(repo) AS repositories
ORDER BY repositories DESC, package, version
LIMIT 25`,
          params: [{ name: "prefix", input_id: "prefix" }],
          w: 8,
          h: 3,
          x: 4,
          y: 0,
        },
        {
          type: "graph",
          caption: "Exposed instances and the code they run",
          cypher: `MATCH (i:EC2Instance {exposed_internet: true})-[:RUNS]->(repo:GitHubRepository)
WITH i, repo LIMIT 50
WITH collect(DISTINCT {id: i.id, label: "EC2Instance", name: i.id}) + collect(DISTINCT {id: repo.id, label: "GitHubRepository", name: repo.fullname}) AS nodes,
     collect({source: i.id, target: repo.id, type: "RUNS"}) AS links
RETURN nodes, links`,
          graph_settings: { node_label: "name", node_color_by: "label" },
          w: 12,
          h: 5,
          x: 0,
          y: 3,
        },
      ],
    },
  ],
};
