import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import { forgetDefinitions } from "../../worker/store/definition-cache";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Each test starts with a fresh D1, as a fresh isolate would: nothing read in an earlier test may be served.
beforeEach(forgetDefinitions);
