// A scheduled query's actions in its editor: each run on the query's rows, its type one of the
// activity types other than the query, with its config as that type's form. The drafts convert
// to and from the definition's `actions`, and name every path an issue can be shown at.
import { FieldErrors } from "../../components/Fields";
import { ListSection } from "../../kit/ListSection";
import { RowButtons } from "../../kit/RowButtons";
import { editRows, type RowsProps, rowKey } from "../../kit/rows";
import type { ActivityTypeView, ScheduledQueryDefinition, ScheduledQueryItem } from "../../types";
import { ActivityTypeField } from "./ActivityTypeField";
import { ConfigForm, type ConfigDraft, configFieldsOf, type FieldsOf, fromConfigDraft, toConfigDraft } from "./ConfigForm";

export interface ActionDraft {
  key: number;
  type: string;
  config: ConfigDraft;
}

export const toActionDrafts = (item: Pick<ScheduledQueryItem, "actions">, fieldsOf: FieldsOf): ActionDraft[] =>
  item.actions.map((action) => ({ key: rowKey(), type: action.action_type, config: toConfigDraft(fieldsOf(action.action_type), action.action_config) }));

export const fromActionDrafts = (actions: ActionDraft[], fieldsOf: FieldsOf): ScheduledQueryDefinition["actions"] =>
  actions.map((action) => ({ action_type: action.type, action_config: fromConfigDraft(fieldsOf(action.type), action.config) }));

/** Every path of the actions an issue can be shown at, for the draft as it is now. */
export function actionKeys(actions: ActionDraft[], fieldsOf: FieldsOf): string[] {
  const keys = ["actions"];
  actions.forEach((action, index) => {
    for (const field of ["", ".action_type", ".action_config"]) keys.push(`actions.${index}${field}`);
    for (const field of fieldsOf(action.type)) keys.push(`actions.${index}.action_config.${field.name}`);
  });
  return keys;
}

/** `actionTypes`: the activity types an action may have (the query is the scheduled query's own). */
export function ActionsField({ rows: actions, onChange, actionTypes, errors }: RowsProps<ActionDraft> & { actionTypes: ActivityTypeView[] }) {
  const fieldsOf = configFieldsOf(actionTypes);
  const rows = editRows(actions, onChange);
  /** An action of a type, its config that type's empty form. */
  const ofType = (type: string) => ({ type, config: toConfigDraft(fieldsOf(type)) });
  return (
    <ListSection
      title="Actions"
      level={2}
      className="stages"
      field="actions"
      errors={errors.actions}
      addText="+ Add action"
      onAdd={() => rows.add({ key: rowKey(), ...ofType(actionTypes[0]?.type ?? "log") })}
    >
      {actions.map((action, index) => {
        const at = `actions.${index}`;
        return (
          <fieldset key={action.key} className="activity" data-field={at}>
            <legend>Action {index + 1}</legend>
            <RowButtons name={`action ${index + 1}`} index={index} count={actions.length} onRemove={() => rows.remove(action.key)} />
            <FieldErrors messages={[...(errors[at] ?? []), ...(errors[`${at}.action_config`] ?? [])]} />
            <ActivityTypeField
              label="Action type"
              name={`${at}.action_type`}
              error={errors[`${at}.action_type`]}
              value={action.type}
              types={actionTypes}
              onChange={(type) => rows.change(action.key, ofType(type))}
            />
            <ConfigForm
              fields={fieldsOf(action.type)}
              draft={action.config}
              onChange={(config) => rows.change(action.key, { config })}
              prefix={`${at}.action_config`}
              errors={errors}
            />
          </fieldset>
        );
      })}
    </ListSection>
  );
}
