// "Save as tool": the new-tool form, filled in with the console's Cypher and its parameters
// (typed, with their values as defaults), in the toolset chosen here.
import { useId, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { Options } from "../../components/Fields";
import { ErrorState } from "../../components/States";
import { ToolForm } from "../../forms/ToolForm";
import { useResource } from "../../hooks";
import type { Parameter, Tool, ToolsetList } from "../../types";
import { TOOLSETS } from "../toolsets";
import { toolsOf } from "../tools";

export function SaveAsToolDialog({
  cypher,
  parameters,
  onSaved,
  onClose,
}: {
  cypher: string;
  parameters: Parameter[];
  onSaved(tool: Tool): void;
  onClose(): void;
}) {
  const toolsets = useResource<ToolsetList>(TOOLSETS);
  const [toolsetId, setToolsetId] = useState("");
  const selectId = useId();
  // The built-in toolset takes no tools.
  const choices = toolsets.data?.toolsets.filter((toolset) => !toolset.built_in) ?? [];
  return (
    <Dialog title="Save as tool" onClose={onClose} wide>
      {toolsets.error ? (
        <ErrorState error={toolsets.error} onRetry={() => void toolsets.reload()} />
      ) : (
        <div className="field console-toolset" data-field="toolset">
          <label htmlFor={selectId}>Toolset</label>
          <select id={selectId} value={toolsetId} onChange={(event) => setToolsetId(event.target.value)} disabled={!toolsets.data}>
            <Options
              none={toolsets.data ? "Choose a toolset…" : "Loading toolsets…"}
              items={choices}
              value={(toolset) => toolset.id}
              label={(toolset) => toolset.name}
            />
          </select>
          <p className="hint">
            {toolsets.data && choices.length === 0
              ? "There is no toolset to add a tool to yet: create one on the MCP Toolsets page."
              : "The new tool is added to this toolset; the form below starts from your query and its parameters."}
          </p>
        </div>
      )}
      {toolsetId && (
        <ToolForm
          key={toolsetId}
          toolsetId={toolsetId}
          noun="tool"
          collection={toolsOf(toolsetId)}
          prefill={{ cypher, parameters }}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
