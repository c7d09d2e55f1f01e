// The Worker entry: the Hono app, and the Durable Object classes wrangler.toml binds.
import { createApp } from "./app";

export { ConfirmationLedger } from "../durable-objects/confirmation-ledger";

export default createApp();
