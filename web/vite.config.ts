import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The admin UI: a React single-page app built into web/dist, which the Worker serves as static
// assets (unknown paths fall back to index.html). `vite --config web/vite.config.ts` serves it
// alone and forwards /api to a Worker on :8080 (`npm start`).
export default defineConfig({
  root: "web",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
