// A skill's triggers: phrases that suggest it to a person or an agent, one row each.
import { FieldErrors } from "../components/Fields";
import { ListSection } from "../kit/ListSection";
import { RemoveButton } from "../kit/RowButtons";
import { editRows, type RowsProps, rowKey } from "../kit/rows";

export interface TriggerDraft {
  key: number;
  text: string;
}

export const triggerDraft = (text = ""): TriggerDraft => ({ key: rowKey(), text });

export function SkillTriggersField({ rows, onChange, errors }: RowsProps<TriggerDraft>) {
  const edit = editRows(rows, onChange);
  return (
    <ListSection
      title="Triggers"
      level={3}
      className="skill-triggers"
      field="triggers"
      hint="Phrases that suggest the skill, such as “triage an alert”."
      errors={errors.triggers}
      addText="+ Add trigger"
      onAdd={() => edit.add(triggerDraft())}
    >
      {rows.length === 0 && <p className="muted">No triggers.</p>}
      {rows.map((row, index) => (
        <div key={row.key} className="trigger-row" data-field={`triggers.${index}`}>
          <input
            type="text"
            aria-label={`Trigger ${index + 1}`}
            value={row.text}
            aria-invalid={errors[`triggers.${index}`] ? true : undefined}
            onChange={(event) => edit.change(row.key, { text: event.target.value })}
          />
          <RemoveButton name={`trigger ${index + 1}`} tone="subtle" onRemove={() => edit.remove(row.key)} />
          <FieldErrors messages={errors[`triggers.${index}`]} />
        </div>
      ))}
    </ListSection>
  );
}
