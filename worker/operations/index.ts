// Every REST operation of the API, in route-matching order (static paths before parameters).
import type { Operation } from "./operation";
import { confirmationOperations } from "./confirmations";
import { graphOperations } from "./graph";
import { pluginOperations } from "./plugins";
import { roleOperations } from "./roles";
import { skillsetOperations } from "./skillsets";
import { toolsetOperations } from "./toolsets";

export const OPERATIONS: Operation[] = [
  ...toolsetOperations,
  ...roleOperations,
  ...skillsetOperations,
  ...pluginOperations,
  ...graphOperations,
  ...confirmationOperations,
];
