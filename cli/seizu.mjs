#!/usr/bin/env node
// The `seizu` command (package.json bin): the CLI is TypeScript (seizu.ts beside this file)
// and imports the Worker's modules, whose relative imports have no file extensions, which
// Node's own type stripping cannot resolve; tsx's loader, registered here, runs them as they are.
import module from "node:module";

// V8 keeps the code it compiles for every module on disk, so later runs start sooner (Node 22;
// the Node 20 that a linked `seizu` may meet first on the PATH runs without it).
module.enableCompileCache?.();
// The CLI's dependencies are JavaScript: loaded before tsx's loader is registered, they are
// spared its hooks, which cost more than loading them does, and the CLI's own imports of them
// find them loaded. A dependency missing here is only loaded more slowly.
await Promise.all([import("commander"), import("yaml"), import("zod")]);
const { register } = await import("tsx/esm/api");
// No tsconfig: the sources need none to run (no path aliases, no JSX), and so a tsconfig.json
// in the directory seizu is run from cannot change how they are compiled.
register({ tsconfig: false });
await import("./seizu.ts");
