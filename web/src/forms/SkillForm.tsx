// Create or edit a skill: id (read-only when editing) and name, description, the template in its
// editor (placeholders highlighted, the server's issues marked in place), typed parameters,
// triggers, the MCP tools it requires and enabled; the kit's DraftForm adds the comment for the
// version history and saves it.
import { EditorField } from "../components/EditorField";
import { CheckboxField } from "../components/Fields";
import { TemplateField } from "../components/TemplateField";
import type { Skill, SkillDefinition } from "../features/skillsets/types";
import type { Draft } from "../kit/draft";
import { DraftForm } from "../kit/DraftForm";
import { NamedItemFields } from "../kit/NamedItemFields";
import type { FormProps } from "../kit/resource";
import type { VersionedForm } from "../kit/versioned-form";
import type { FieldIssue } from "../types";
import { fromDraft, ParametersEditor, toDraft } from "./ParametersEditor";
import { SkillToolsField } from "./SkillToolsField";
import { SkillTriggersField, triggerDraft } from "./SkillTriggersField";

const RULES = {
  shown: (field: string) =>
    ["id", "name", "description", "enabled", "parameters", "triggers", "tools_required"].includes(field) ||
    /^(parameters\.\d+(\.(name|type|description|required|default))?|triggers\.\d+|tools_required\.\d+)$/.test(field),
  marked: ["template"],
};
/** One empty list, so the editor sees no change of its issues while there are none. */
const NO_ISSUES: FieldIssue[] = [];

const draftOf = (skill?: Skill) => ({
  id: skill?.id ?? "",
  name: skill?.name ?? "",
  description: skill?.description ?? "",
  template: skill?.template ?? "",
  parameters: (skill?.parameters ?? []).map(toDraft),
  triggers: (skill?.triggers ?? []).map(triggerDraft),
  tools_required: skill?.tools_required ?? [],
  enabled: skill?.enabled ?? true,
});

type SkillDraft = ReturnType<typeof draftOf>;

/** What a draft saves: its parameters as typed values, its triggers as text (rows' keys are the editor's). */
const definitionOf = ({ id: _, parameters, triggers, ...definition }: SkillDraft): SkillDefinition => ({
  ...definition,
  parameters: parameters.map(fromDraft),
  triggers: triggers.map((trigger) => trigger.text),
});

export function SkillForm({ skillsetId, ...props }: FormProps<Skill> & { skillsetId: string }) {
  return (
    <DraftForm<Skill, SkillDefinition, SkillDraft> props={props} rules={RULES} draftOf={draftOf} compared={definitionOf} definition={definitionOf}>
      {(draft, form) => <SkillFields skillsetId={skillsetId} draft={draft} form={form} />}
    </DraftForm>
  );
}

function SkillFields({ skillsetId, draft, form }: { skillsetId: string; draft: Draft<SkillDraft>; form: VersionedForm<Skill, SkillDefinition> }) {
  const { id, template, parameters, triggers, tools_required, enabled } = draft.value;
  const { errors } = form;
  return (
    <>
      <NamedItemFields
        draft={draft}
        form={form}
        createHint={`Immutable lower_snake_case id; the MCP prompt is ${skillsetId}__${id || "{id}"}.`}
        editHint={`MCP prompt name: ${skillsetId}__${id}.`}
        descriptionHint="Shown to the agent as the prompt's purpose."
      />
      <EditorField
        name="template"
        label="Template"
        hint={
          <>
            The prompt's text. <code>{"{% $name %}"}</code> puts in the value of the parameter <code>name</code>; a placeholder naming no parameter is refused
            when you save.
          </>
        }
        issues={errors.marks.template ?? NO_ISSUES}
      >
        {(control) => (
          <TemplateField value={template} onChange={draft.set("template")} parameters={parameters.map((parameter) => parameter.name.trim())} {...control} />
        )}
      </EditorField>
      <ParametersEditor
        rows={parameters}
        onChange={draft.set("parameters")}
        errors={errors.fields}
        hint={
          <>
            The prompt's arguments: a parameter named <code>alert</code> is <code>{"{% $alert %}"}</code> in the template.
          </>
        }
      />
      <SkillTriggersField rows={triggers} onChange={draft.set("triggers")} errors={errors.fields} />
      <SkillToolsField value={tools_required} onChange={draft.set("tools_required")} errors={errors.fields} />
      <CheckboxField
        label="Enabled"
        name="enabled"
        checked={enabled}
        onChange={draft.set("enabled")}
        hint="When disabled, MCP clients do not see this prompt."
      />
    </>
  );
}
