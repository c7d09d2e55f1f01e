// Create or edit a skillset: the form of an item that groups others (GroupForm).
import type { Skillset } from "../features/skillsets/resource";
import type { FormProps } from "../kit/resource";
import { GroupForm } from "./GroupForm";

export function SkillsetForm(props: FormProps<Skillset>) {
  return (
    <GroupForm
      props={props}
      idHint="Immutable lower_snake_case id; MCP prompt names are {skillset_id}__{skill_id}."
      enabledHint="When disabled, none of this skillset's skills are served as MCP prompts."
    />
  );
}
