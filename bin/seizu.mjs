#!/usr/bin/env node
// The `seizu` command (package.json bin): the CLI is TypeScript (cli/seizu.ts) and imports the
// Worker's modules, whose relative imports have no file extensions, which Node's own type
// stripping cannot resolve; tsx's loader, registered here, runs them as they are.
import { register } from "tsx/esm/api";

// No tsconfig: the sources need none to run (no path aliases, no JSX), and so a tsconfig.json
// in the directory seizu is run from cannot change how they are compiled.
register({ tsconfig: false });
await import("../cli/seizu.ts");
