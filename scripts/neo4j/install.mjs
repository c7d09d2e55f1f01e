// npm run neo4j:install — resolve the Neo4j server jars into .local/neo4j/lib ahead of time.
import { installNeo4j } from "./server.mjs";

console.log(`neo4j: jars in ${installNeo4j()}`);
