// A native client's loopback redirect URI (RFC 8252 §7.3): a tiny HTTP server on 127.0.0.1 that
// takes the one authorization response the browser is sent to, as a desktop MCP client does.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackRedirect {
  redirectUri: string;
  /** The query of the next authorization response to arrive (code, state, iss, or error). */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startLoopbackRedirect(): Promise<LoopbackRedirect> {
  const waiting: ((params: URLSearchParams) => void)[] = [];
  const arrived: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" }).end("You can close this window.");
    const resume = waiting.shift();
    if (resume) resume(url.searchParams);
    else arrived.push(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    next: () => {
      const ready = arrived.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}
