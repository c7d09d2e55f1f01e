// The plan Neo4j would use (POST /graph/explain), as a tree of operators: each with its
// details, estimated rows and the variables it binds.
import type { ReplyOf } from "../../../../worker/api";

type Plan = ReplyOf<"graph_explain">["plan"];

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

function Operator({ plan }: { plan: Plan }) {
  const args = (plan.arguments ?? {}) as Record<string, unknown>;
  const children = Array.isArray(plan.children) ? (plan.children as Plan[]) : [];
  const identifiers = Array.isArray(plan.identifiers) ? (plan.identifiers as string[]) : [];
  const estimated = typeof args.EstimatedRows === "number" ? Math.round(args.EstimatedRows) : undefined;
  return (
    <li>
      <div className="plan-operator">
        <strong>{text(plan.operatorType ?? "Operator").replace(/@.*$/, "")}</strong>
        {args.Details !== undefined && <code className="plan-details">{text(args.Details)}</code>}
        <span className="muted">
          {estimated !== undefined && `≈ ${estimated.toLocaleString()} row${estimated === 1 ? "" : "s"}`}
          {identifiers.length > 0 && ` · ${identifiers.join(", ")}`}
        </span>
      </div>
      {children.length > 0 && (
        <ul>
          {children.map((child, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a plan's operators have no identity but their place
            <Operator key={index} plan={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function PlanView({ plan }: { plan: Plan }) {
  return (
    <ul className="plan-tree" aria-label="Plan operators">
      <Operator plan={plan} />
    </ul>
  );
}
