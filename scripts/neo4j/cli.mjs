// npm run neo4j:start | neo4j:stop — the development server under .local/neo4j/dev.
import { devHome, startNeo4j, stopNeo4j } from "./server.mjs";

const [command] = process.argv.slice(2);
if (command === "start") {
  const neo4j = await startNeo4j({
    home: devHome,
    httpPort: Number(process.env.NEO4J_HTTP_PORT ?? 7474),
    boltPort: Number(process.env.NEO4J_BOLT_PORT ?? 7687),
  });
  console.log(JSON.stringify({ url: neo4j.url, user: neo4j.user, password: neo4j.password, pid: neo4j.pid }, null, 2));
} else if (command === "stop") {
  console.log((await stopNeo4j(devHome)) ? "neo4j: stopped" : "neo4j: was not running");
} else {
  console.error("usage: node scripts/neo4j/cli.mjs start|stop");
  process.exit(2);
}
