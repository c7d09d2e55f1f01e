// The longest statement a query may hold. REST and MCP inputs refuse longer ones as they are
// parsed; the scan checks again, so a saved query that grew past it in D1 (an edit straight to
// the database, a restore from an old backup) is not sent to Neo4j either.
export const MAX_STATEMENT_LENGTH = 100_000;
