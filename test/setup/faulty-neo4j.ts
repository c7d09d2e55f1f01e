// A tiny misbehaving HTTP server standing in for a sick Neo4j in fault tests. The database
// name in /db/{database}/query/v2 picks the misbehaviour. `slow` answers every query after a
// while with no rows and counts how many it holds at once: GET /stats reads (and resets) the peak.
import { createServer, type Server } from "node:http";

const EMPTY_RESULT = '{"data":{"fields":["x"],"values":[]},"bookmarks":[]}';
const SLOW_ANSWER_MS = 300;

const PARTIAL = '{"data":{"fields":["x"],"values":[[{"$type":"Integer","_value":"1"}],[{"$type":"Integ';

export function startFaultyNeo4j(): Promise<{ url: string; close: () => Promise<void> }> {
  let open = 0;
  let peak = 0;
  const server: Server = createServer((request, response) => {
    const database = /^\/db\/([^/]+)\//.exec(request.url ?? "")?.[1];
    request.resume();
    if (request.url === "/stats") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ peak, open }));
      peak = open;
      return;
    }
    switch (database) {
      case "slow":
        open += 1;
        peak = Math.max(peak, open);
        setTimeout(() => {
          open -= 1;
          response.writeHead(202, { "content-type": "application/vnd.neo4j.query" });
          response.end(EMPTY_RESULT);
        }, SLOW_ANSWER_MS);
        return;
      case "silent":
        return; // Accepts the request and never answers.
      case "stalls-mid-body":
        response.writeHead(202, { "content-type": "application/vnd.neo4j.query" });
        response.write(PARTIAL);
        return; // Starts the body, then goes quiet.
      case "cut-stream":
        response.writeHead(202, { "content-type": "application/vnd.neo4j.query" });
        response.write(PARTIAL);
        setTimeout(() => response.socket?.destroy(), 50);
        return;
      case "html-500":
        response.writeHead(500, { "content-type": "text/html" });
        response.end("<html><body>Bad gateway</body></html>");
        return;
      case "not-json":
        response.writeHead(202, { "content-type": "application/vnd.neo4j.query" });
        response.end("this is not the query API");
        return;
      default:
        response.writeHead(404);
        response.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()),
      });
    }),
  );
}
