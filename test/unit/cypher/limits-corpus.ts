// The deepest and longest statements the scan lets through, one per limit: the scan accepts each,
// and a freshly started Neo4j (a cold JVM, whose stack frames are largest) answers each, so the
// limits sit below where Neo4j fails.
import { MAX_DEPTH, MAX_NESTING } from "../../../worker/cypher/depth";
import { MAX_PATH_LENGTH } from "../../../worker/cypher/pattern-length";

const chain = (operand: string, count: number, operator: string) => Array(count).fill(operand).join(operator);
const nest = (open: string, inner: string, close: string, count = MAX_NESTING) => `${open.repeat(count)}${inner}${close.repeat(count)}`;

export const AT_THE_LIMITS: { name: string; statement: string }[] = [
  { name: "parentheses", statement: `RETURN ${nest("(", "1", ")")} AS x` },
  { name: "lists", statement: `RETURN ${nest("[", "1", "]")} AS x` },
  { name: "maps", statement: `RETURN ${nest("{a: ", "1", "}")} AS x` },
  { name: "CASE", statement: `RETURN ${nest("CASE WHEN true THEN ", "1", " END")} AS x` },
  { name: "NOT", statement: `RETURN ${"NOT ".repeat(MAX_NESTING)}true AS x` },
  { name: "NOT and parentheses", statement: `RETURN ${nest("NOT (", "true", ")", MAX_NESTING / 2)} AS x` },
  { name: "CALL subqueries", statement: nest("CALL { ", "RETURN 1 AS x", " } RETURN x") },
  { name: "list comprehensions", statement: `WITH [1] AS list RETURN ${nest("[x IN ", "list", " | x]")} AS x` },
  { name: "a chain of +", statement: `RETURN ${chain("1", MAX_DEPTH - 1, " + ")} AS x` },
  { name: "a chain of AND", statement: `RETURN ${chain("true", MAX_DEPTH - 1, " AND ")} AS x` },
  { name: "property accesses", statement: `WITH {} AS a RETURN a${".b".repeat(MAX_DEPTH - 2)} AS x` },
  { name: "UNIONs", statement: chain("RETURN 1 AS x", MAX_DEPTH, " UNION ") },
  { name: "comparisons joined by AND", statement: `MATCH (a) WHERE ${chain("a.x = 1", MAX_DEPTH - 3, " AND ")} RETURN a` },
  { name: "chains inside brackets", statement: `RETURN ${nest("(", chain("1", MAX_DEPTH - MAX_NESTING - 2, " + "), ")", MAX_NESTING - 1)} AS x` },
  { name: "a path", statement: `MATCH (a:A)${"-[:R]->(:A)".repeat(MAX_PATH_LENGTH)} RETURN a` },
];
