// How the generated rows become nodes and relationships. Each statement takes one batch of
// rows of one kind ($rows), creates the nodes and links them to nodes of earlier kinds by id.
//
// JavaScript numbers travel over Bolt as floats and dates as strings, so each statement
// converts its integer and temporal properties itself; the generator stays driver-agnostic.

/** @typedef {import("./generate.mjs").Kind} Kind */

/** Every label in the graph; each gets an index on `id`. */
export const labels = [
  "AWSAccount",
  "GitHubOrganization",
  "EC2SecurityGroup",
  "IpRule",
  "IpPermissionInbound",
  "S3Bucket",
  "AWSRole",
  "AWSPrincipal",
  "CVE",
  "Dependency",
  "GitHubRepository",
  "EC2Instance",
];

/** Range indexes, [label, property]: ids for the loader's lookups, the rest for demo queries. */
export const indexes = [
  ...labels.map((label) => [label, "id"]),
  ["CVE", "severity"],
  ["CVE", "cvss_score"],
  ["EC2Instance", "exposed_internet"],
  ["Dependency", "name"],
];

/**
 * The index name for [label, property], stable so tests and reloads can find it.
 * @param {string} label @param {string} property
 */
export const indexName = (label, property) => `demo_${label.toLowerCase()}_${property}`;

/** @type {Record<Kind, string>} */
export const writeStatements = {
  AWSAccount: `
    UNWIND $rows AS r
    CREATE (n:AWSAccount)
    SET n = r.props, n.created_at = datetime(r.props.created_at)`,

  GitHubOrganization: `
    UNWIND $rows AS r
    CREATE (n:GitHubOrganization)
    SET n = r.props, n.members_count = toInteger(r.props.members_count), n.created_at = datetime(r.props.created_at)`,

  EC2SecurityGroup: `
    UNWIND $rows AS r
    MATCH (a:AWSAccount {id: r.account})
    CREATE (a)-[:RESOURCE]->(n:EC2SecurityGroup)
    SET n = r.props`,

  IpRule: `
    UNWIND $rows AS r
    MATCH (g:EC2SecurityGroup {id: r.group})
    CREATE (n:IpRule:IpPermissionInbound)-[:MEMBER_OF_EC2_SECURITY_GROUP]->(g)
    SET n = r.props, n.fromport = toInteger(r.props.fromport), n.toport = toInteger(r.props.toport)`,

  S3Bucket: `
    UNWIND $rows AS r
    MATCH (a:AWSAccount {id: r.account})
    CREATE (a)-[:RESOURCE]->(n:S3Bucket)
    SET n = r.props, n.creationdate = datetime(r.props.creationdate),
        n.object_count = toInteger(r.props.object_count), n.size_bytes = toInteger(r.props.size_bytes)`,

  AWSRole: `
    UNWIND $rows AS r
    MATCH (a:AWSAccount {id: r.account})
    CREATE (a)-[:RESOURCE]->(n:AWSRole:AWSPrincipal)
    SET n = r.props, n.createdate = datetime(r.props.createdate), n.max_session_duration = toInteger(r.props.max_session_duration)
    WITH n, r
    CALL (n, r) {
      UNWIND r.reads AS id
      MATCH (b:S3Bucket {id: id})
      CREATE (n)-[:CAN_READ]->(b)
    }
    CALL (n, r) {
      UNWIND r.writes AS id
      MATCH (b:S3Bucket {id: id})
      CREATE (n)-[:CAN_WRITE]->(b)
    }`,

  CVE: `
    UNWIND $rows AS r
    CREATE (n:CVE)
    SET n = r.props, n.published = date(r.props.published)`,

  Dependency: `
    UNWIND $rows AS r
    CREATE (n:Dependency)
    SET n = r.props, n.released = date(r.props.released)
    WITH n, r
    CALL (n, r) {
      UNWIND r.cves AS id
      MATCH (c:CVE {id: id})
      CREATE (n)-[:AFFECTED_BY]->(c)
    }`,

  GitHubRepository: `
    UNWIND $rows AS r
    MATCH (o:GitHubOrganization {id: r.organization})
    CREATE (n:GitHubRepository)-[:OWNER]->(o)
    SET n = r.props, n.stargazers_count = toInteger(r.props.stargazers_count),
        n.created_at = datetime(r.props.created_at), n.pushed_at = datetime(r.props.pushed_at)
    WITH n, r
    CALL (n, r) {
      UNWIND r.requires AS dependency
      MATCH (d:Dependency {id: dependency.id})
      CREATE (n)-[:REQUIRES {specifier: dependency.specifier, dev: dependency.dev}]->(d)
    }`,

  EC2Instance: `
    UNWIND $rows AS r
    MATCH (a:AWSAccount {id: r.account})
    CREATE (a)-[:RESOURCE]->(n:EC2Instance)
    SET n = r.props, n.launchtime = datetime(r.props.launchtime), n.cpu_core_count = toInteger(r.props.cpu_core_count)
    WITH n, r
    CALL (n, r) {
      UNWIND r.groups AS id
      MATCH (g:EC2SecurityGroup {id: id})
      CREATE (n)-[:MEMBER_OF_EC2_SECURITY_GROUP]->(g)
    }
    CALL (n, r) {
      UNWIND r.roles AS id
      MATCH (role:AWSRole {id: id})
      CREATE (n)-[:INSTANCE_PROFILE]->(role)
    }
    CALL (n, r) {
      UNWIND r.repositories AS id
      MATCH (repo:GitHubRepository {id: id})
      CREATE (n)-[:RUNS]->(repo)
    }`,
};
