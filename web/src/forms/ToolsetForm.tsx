// Create or edit a toolset: the form of an item that groups others (GroupForm).
import type { FormProps } from "../kit/resource";
import type { Toolset } from "../types";
import { GroupForm } from "./GroupForm";

export function ToolsetForm(props: FormProps<Toolset>) {
  return (
    <GroupForm
      props={props}
      idHint="Immutable lower_snake_case id; MCP tool names are {toolset_id}__{tool_id}."
      enabledHint="When disabled, none of this toolset's tools are exposed over MCP."
    />
  );
}
