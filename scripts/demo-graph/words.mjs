// Vocabulary for plausible names. Changing any list changes the generated graph, so edit
// with care: benchmarks and tests compare graphs generated at different times.

export const companyWords = ["acme", "globex", "initech", "umbrella", "stark", "wayne", "hooli", "vandelay", "tyrell", "cyberdyne", "soylent", "wonka"];
export const environments = ["prod", "staging", "dev", "sandbox", "shared", "security"];
export const teams = ["payments", "platform", "data", "identity", "search", "growth", "mobile", "infra", "ml", "billing"];

export const regions = ["us-east-1", "us-east-2", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-1", "ap-northeast-1", "sa-east-1"];
export const instanceTypes = ["t3.micro", "t3.small", "t3.medium", "m5.large", "m5.xlarge", "c5.large", "c5.2xlarge", "r5.large", "g4dn.xlarge", "m6g.large"];
export const amiIds = ["ami-0a1b2c3d4e5f60718", "ami-0f9e8d7c6b5a49382", "ami-01234abcd5678ef90", "ami-0deadbeefcafe1234", "ami-0c0ffee0ddba11000"];
export const bucketPurposes = ["logs", "backups", "artifacts", "assets", "reports", "exports", "terraform-state", "data-lake", "uploads", "audit"];
export const groupPurposes = ["web", "api", "db", "bastion", "worker", "cache", "lb", "vpn", "monitoring", "default"];
export const rolePurposes = ["deploy", "readonly", "admin", "ci", "lambda-exec", "ec2-app", "backup", "audit", "etl", "support"];
export const awsServices = ["ec2.amazonaws.com", "lambda.amazonaws.com", "ecs-tasks.amazonaws.com", "eks.amazonaws.com", "states.amazonaws.com"];

export const repoAdjectives = ["core", "legacy", "shiny", "internal", "public", "secure", "fast", "tiny", "async", "cloud", "mobile", "edge"];
export const repoNouns = [
  "api",
  "gateway",
  "web",
  "billing",
  "auth",
  "search",
  "pipeline",
  "scheduler",
  "ledger",
  "portal",
  "sdk",
  "cli",
  "infra",
  "notifier",
  "indexer",
];
export const languages = ["TypeScript", "Python", "Go", "Java", "Rust", "JavaScript", "Kotlin", "Ruby"];
export const topics = ["security", "internal", "microservice", "library", "terraform", "kubernetes", "frontend", "backend", "ml", "deprecated"];

export const packageParts = [
  "json",
  "http",
  "yaml",
  "crypto",
  "log",
  "date",
  "parse",
  "stream",
  "cache",
  "auth",
  "retry",
  "test",
  "xml",
  "color",
  "path",
  "queue",
  "mime",
  "uuid",
  "zip",
  "url",
];
export const packagePrefixes = ["", "fast", "tiny", "node", "py", "go", "super", "micro", "easy", "safe"];
export const packageSuffixes = ["", "lite", "utils", "core", "js", "kit", "compat", "next", "plus", "io"];
export const ecosystems = ["npm", "pypi", "maven", "golang", "cargo"];
export const licenses = ["MIT", "Apache-2.0", "BSD-3-Clause", "ISC", "GPL-3.0-only", "MPL-2.0"];

export const weaknesses = [
  ["CWE-79", "Cross-site scripting"],
  ["CWE-89", "SQL injection"],
  ["CWE-22", "Path traversal"],
  ["CWE-502", "Deserialization of untrusted data"],
  ["CWE-400", "Uncontrolled resource consumption"],
  ["CWE-918", "Server-side request forgery"],
  ["CWE-287", "Improper authentication"],
  ["CWE-1321", "Prototype pollution"],
  ["CWE-78", "OS command injection"],
  ["CWE-770", "Allocation of resources without limits"],
];
export const impacts = ["remote code execution", "denial of service", "information disclosure", "privilege escalation", "authentication bypass"];
