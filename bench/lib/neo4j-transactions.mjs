// Counting the queries Neo4j runs, from Neo4j itself: every transaction of a database gets the
// next number of one counter ("neo4j-transaction-N"), and an implicit /query/v2 request, or an
// explicit transaction with its queries, is one transaction. SHOW TRANSACTIONS lists its own
// transaction, so the counter's value is read with one transaction of its own, which the count
// leaves out. It needs no proxy in front of Neo4j, so it also counts against a running stack
// (where anything else using that Neo4j at the time, such as the minute's cron, counts too).
import { basicAuth } from "./stack.mjs";

async function counter(neo4j) {
  const response = await fetch(`${neo4j.url}/db/neo4j/query/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: basicAuth(neo4j) },
    body: JSON.stringify({
      statement: "SHOW TRANSACTIONS YIELD transactionId, currentQuery WHERE currentQuery STARTS WITH 'SHOW TRANSACTIONS' RETURN transactionId",
    }),
  });
  const ids = (await response.json()).data.values.map(([id]) => Number(/-(\d+)$/.exec(id)?.[1]));
  return Math.max(...ids);
}

/** Runs `work` and returns how many Neo4j transactions it took, with what it returned. */
export async function countTransactions(neo4j, work) {
  const before = await counter(neo4j);
  const value = await work();
  const after = await counter(neo4j);
  return { transactions: after - before - 1, value };
}
