// /console: run ad-hoc read-only Cypher as upstream Seizu's query console does. The editor
// completes from the graph's schema and is checked as you type (POST /graph/validate); Run
// sends the query and its parameters to POST /query/adhoc (which records it in the caller's
// history), Explain shows the plan (POST /graph/explain), Save as tool opens the new-tool form
// with the query. For callers holding query:execute; loaded on demand (console.page.tsx).
import { useState } from "react";
import { Link } from "wouter";
import type { ReplyOf } from "../../../../worker/api";
import { client, describeError } from "../../api";
import { PageHeader } from "../../components/Page";
import { useSession } from "../../session";
import type { Tool } from "../../types";
import { toolPath } from "../tools";
import "./console.css";
import { HistoryPanel, type HistoryEntry } from "./HistoryPanel";
import { type ParameterRow, parameterValues, rowProblems, toolParameters } from "./parameters";
import { ParameterRows } from "./ParameterRows";
import { PlanView } from "./PlanView";
import { QueryEditor } from "./QueryEditor";
import { type Outcome, Results } from "./Results";
import { SaveAsToolDialog } from "./SaveAsTool";
import { useEditorSchema } from "./use-schema";
import { useValidation } from "./use-validation";

type Plan = { kind: "plan"; plan: ReplyOf<"graph_explain">["plan"] } | { kind: "error"; message: string };

export default function ConsolePage() {
  const session = useSession();
  if (!session.can("query:execute"))
    return (
      <PageHeader title="Query console">
        <p role="alert">The query console needs the query:execute permission, which your roles do not grant.</p>
      </PageHeader>
    );
  return <Console canSaveTools={session.can("tools:write")} />;
}

function Console({ canSaveTools }: { canSaveTools: boolean }) {
  const [cypher, setCypher] = useState("");
  const [rows, setRows] = useState<ParameterRow[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState<"run" | "explain" | null>(null);
  const [runs, setRuns] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Tool | null>(null);

  const validation = useValidation(cypher);
  const schema = useEditorSchema(rows.map((row) => row.name.trim()).filter(Boolean));
  const problems = rowProblems(rows);
  const blocked =
    cypher.trim() === ""
      ? "Write a query first."
      : validation.state === "invalid"
        ? "The query breaks a rule above; fix it to run it."
        : problems.size > 0
          ? "A parameter needs fixing."
          : null;

  const run = async () => {
    if (blocked || busy) return;
    setBusy("run");
    const started = performance.now();
    try {
      const answer = await client.call("graph_query_adhoc", { body: { query: cypher, params: parameterValues(rows) } });
      setOutcome({ kind: "rows", rows: answer.results, warnings: answer.warnings, ms: Math.round(performance.now() - started) });
      setRuns((count) => count + 1);
    } catch (error) {
      setOutcome({ kind: "error", message: describeError(error) });
    } finally {
      setBusy(null);
    }
  };

  const explain = async () => {
    if (busy || cypher.trim() === "") return;
    setBusy("explain");
    try {
      setPlan({ kind: "plan", plan: (await client.call("graph_explain", { body: { cypher } })).plan });
    } catch (error) {
      setPlan({ kind: "error", message: describeError(error) });
    } finally {
      setBusy(null);
    }
  };

  const load = (entry: HistoryEntry) => {
    setCypher(entry.query);
    setPlan(null);
    document.getElementById("console-query")?.scrollIntoView({ block: "nearest" });
  };

  return (
    <>
      <PageHeader title="Query console">
        <p className="lede">
          Run read-only Cypher against the graph. Each run is checked like an agent's <code>graph__query</code>, bounded the same way, and kept in your history.
        </p>
      </PageHeader>
      <div className="console-layout">
        <div className="console-main">
          <section className="panel console-query" id="console-query" aria-label="Query">
            <QueryEditor value={cypher} onChange={setCypher} validation={validation} schema={schema} onRun={() => void run()} />
            <ParameterRows rows={rows} problems={problems} onChange={setRows} />
            <div className="form-actions start console-actions">
              <button
                type="button"
                className="button primary"
                disabled={blocked !== null || busy !== null}
                title={blocked ?? undefined}
                onClick={() => void run()}
              >
                {busy === "run" ? "Running…" : "Run"}
              </button>
              <button type="button" className="button" disabled={cypher.trim() === "" || busy !== null} onClick={() => void explain()}>
                {busy === "explain" ? "Explaining…" : "Explain"}
              </button>
              <button
                type="button"
                className="button"
                disabled={!canSaveTools || blocked !== null}
                title={canSaveTools ? (blocked ?? undefined) : "Needs the tools:write permission"}
                onClick={() => {
                  setSaved(null);
                  setSaving(true);
                }}
              >
                Save as tool
              </button>
            </div>
            {saved && (
              <p className="notice ok" role="status">
                Saved the tool <Link href={toolPath(saved.toolset_id, saved.id)}>{saved.name}</Link> (<code>{saved.mcp_name}</code>).
              </p>
            )}
          </section>
          {plan && (
            <section className="panel console-plan" aria-label="Plan">
              <div className="panel-header">
                <h2>Plan</h2>
                <button type="button" className="button small" onClick={() => setPlan(null)}>
                  Hide plan
                </button>
              </div>
              {plan.kind === "plan" ? (
                <PlanView plan={plan.plan} />
              ) : (
                <p className="result-error" role="alert">
                  {plan.message}
                </p>
              )}
            </section>
          )}
          {outcome && <Results outcome={outcome} />}
        </div>
        <HistoryPanel runs={runs} onLoad={load} />
      </div>
      {saving && (
        <SaveAsToolDialog
          cypher={cypher}
          parameters={toolParameters(rows)}
          onClose={() => setSaving(false)}
          onSaved={(tool) => {
            setSaving(false);
            setSaved(tool);
          }}
        />
      )}
    </>
  );
}
