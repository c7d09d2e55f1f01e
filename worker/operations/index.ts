// Every REST operation of the API, in route-matching order (static paths before parameters).
import type { Operation } from "./operation";
import { auditOperations } from "./audit";
import { confirmationOperations } from "./confirmations";
import { connectedAppOperations } from "./connected-apps";
import { graphOperations } from "./graph";
import { reportOperations } from "./reports";
import { roleOperations } from "./roles";
import { spaceOperations } from "./spaces";
import { pluginOperations } from "./plugins";
import { skillsetOperations } from "./skillsets";
import { toolsetOperations } from "./toolsets";
import { scheduledQueryOperations } from "./scheduled-queries";
import { workflowOperations } from "./workflows";

export const OPERATIONS: Operation[] = [
  ...toolsetOperations,
  ...roleOperations,
  ...reportOperations,
  ...spaceOperations,
  ...skillsetOperations,
  ...pluginOperations,
  ...workflowOperations,
  ...scheduledQueryOperations,
  ...graphOperations,
  ...confirmationOperations,
  ...auditOperations,
  ...connectedAppOperations,
];
