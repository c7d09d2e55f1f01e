// The V8 inspector of a Worker served by wrangler, spoken to over the Chrome DevTools Protocol.

/**
 * One Chrome DevTools Protocol session over wrangler's inspector proxy, which admits only
 * local origins and renumbers message ids: requests go one at a time, and the next answer
 * (a message with an id) belongs to the request in flight.
 */
export async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl, { headers: { origin: "http://localhost" } });
  await new Promise((ok, fail) => {
    socket.onopen = ok;
    socket.onerror = () => fail(new Error(`could not connect to the inspector on port ${port}`));
  });
  let answer;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id !== undefined) answer?.(message);
  };
  return {
    /**
     * Sends one request; its answer is the next one `expected` accepts (by default any), so an
     * answer of the proxy's own, arriving in between, is passed over rather than taken for ours.
     */
    send: (method, params = {}, expected = () => true) =>
      new Promise((ok, fail) => {
        answer = (message) => {
          if (message.error) fail(new Error(`${method}: ${message.error.message}`));
          else if (expected(message.result ?? {})) ok(message.result);
        };
        socket.send(JSON.stringify({ id: 1, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Reads the isolate's JS heap after a full collection (bytes), through the inspector on `port`. */
export async function heapReader(port) {
  const cdp = await inspector(port);
  const read = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    return (await cdp.send("Runtime.getHeapUsage", {}, (result) => typeof result.usedSize === "number")).usedSize;
  };
  // The first answer on a fresh connection can belong to the proxy's own requests.
  await read();
  return { read, close: () => cdp.close() };
}
