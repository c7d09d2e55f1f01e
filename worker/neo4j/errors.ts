// Failures of a Neo4j exchange, typed so callers can tell a bad query from a sick server.

/** An error Neo4j reported, with its status code (Neo.ClientError.Statement.SyntaxError, ...). */
export class Neo4jError extends Error {
  override name = "Neo4jError";
  readonly classification: string;
  readonly category: string;
  readonly title: string;

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    const [, classification = "", category = "", title = ""] = code.split(".");
    this.classification = classification;
    this.category = category;
    this.title = title;
  }

  /** Errors the query's author can fix (syntax, semantics, parameters, access mode). */
  get isClientError(): boolean {
    return this.classification === "ClientError";
  }

  /** Neo4j stopped the query because its time limit passed. */
  get isTimeout(): boolean {
    return this.code.startsWith("Neo.ClientError.Transaction.TransactionTimedOut");
  }

  /** Position of a syntax error, parsed from Neo4j's message: "(line 1, column 8 (offset: 7))". */
  get position(): { line: number; column: number; offset: number } | undefined {
    const match = /\(line (\d+), column (\d+) \(offset: (\d+)\)\)/.exec(this.message);
    return match ? { line: Number(match[1]), column: Number(match[2]), offset: Number(match[3]) } : undefined;
  }
}

/** Neo4j could not be reached at all (refused, reset, DNS, TLS). */
export class Neo4jUnavailableError extends Error {
  override name = "Neo4jUnavailableError";
}

/** Neo4j did not answer, or did not finish answering, within the time limit. */
export class Neo4jTimeoutError extends Error {
  override name = "Neo4jTimeoutError";
}

/** Neo4j answered with something that is not the Query API's response format. */
export class Neo4jProtocolError extends Error {
  override name = "Neo4jProtocolError";
}
