import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const WORKER = fileURLToPath(new URL("../worker/", import.meta.url));

// The admin UI: a React single-page app built into web/dist, which the Worker serves as static
// assets (unknown paths fall back to index.html). `vite --config web/vite.config.ts` serves it
// alone and forwards /api to a Worker on :8080 (`npm start`).
export default defineConfig({
  root: "web",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // The UI reaches the Worker through worker/api.ts, whose modules only declare (schemas,
    // constants, the typed client): none runs anything on import, so the bundle keeps only what
    // the UI uses (the client and a few constants), not every schema the surface names.
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.startsWith(WORKER) } },
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
