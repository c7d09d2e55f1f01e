// Plain JSON, the shape every Neo4j value is mapped to before it leaves the client.
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
