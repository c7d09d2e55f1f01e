// A scheduled query's actions in its editor: each run on the query's rows, its type one of the
// activity types other than the query, with its config as that type's form. The drafts convert
// to and from the definition's `actions`, and name every path an issue can be shown at.
import { useId } from "react";
import { Field, FieldErrors } from "../../components/Fields";
import type { ActivityTypeView, ScheduledQueryDefinition, ScheduledQueryItem } from "../../types";
import { ConfigForm, type ConfigDraft, configFieldsOf, type FieldsOf, fromConfigDraft, rowKey, toConfigDraft } from "./ConfigForm";

export interface ActionDraft {
  key: number;
  type: string;
  config: ConfigDraft;
}

export const toActionDrafts = (item: ScheduledQueryItem, fieldsOf: FieldsOf): ActionDraft[] =>
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

export function ActionsField({
  actions,
  onChange: setActions,
  actionTypes,
  errors,
}: {
  actions: ActionDraft[];
  onChange(actions: ActionDraft[]): void;
  /** The activity types an action may have (the query is the scheduled query's own). */
  actionTypes: ActivityTypeView[];
  errors: Record<string, string[]>;
}) {
  const actionsHeading = useId();
  const fieldsOf = configFieldsOf(actionTypes);
  return (
    <section className="stages" aria-labelledby={actionsHeading} data-field="actions">
      <h2 id={actionsHeading} className="section-title">
        Actions
      </h2>
      <FieldErrors messages={errors.actions} />
      {actions.map((action, index) => {
        const at = `actions.${index}`;
        const view = actionTypes.find((type) => type.type === action.type);
        return (
          <fieldset key={action.key} className="activity" data-field={at}>
            <legend>Action {index + 1}</legend>
            <div className="row-buttons">
              <button
                type="button"
                className="button small danger"
                aria-label={`Remove action ${index + 1}`}
                onClick={() => setActions(actions.filter((other) => other.key !== action.key))}
              >
                Remove
              </button>
            </div>
            <FieldErrors messages={[...(errors[at] ?? []), ...(errors[`${at}.action_config`] ?? [])]} />
            <Field label="Action type" name={`${at}.action_type`} error={errors[`${at}.action_type`]} hint={view?.description}>
              {(control) => (
                <select
                  {...control}
                  value={action.type}
                  onChange={(event) =>
                    setActions(
                      actions.map((other) =>
                        other.key === action.key ? { ...other, type: event.target.value, config: toConfigDraft(fieldsOf(event.target.value)) } : other,
                      ),
                    )
                  }
                >
                  {!view && <option value={action.type}>{action.type}</option>}
                  {actionTypes.map((type) => (
                    <option key={type.type} value={type.type}>
                      {type.type}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <ConfigForm
              fields={view?.config_fields ?? []}
              draft={action.config}
              onChange={(config) => setActions(actions.map((other) => (other.key === action.key ? { ...other, config } : other)))}
              prefix={`${at}.action_config`}
              errors={errors}
            />
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button"
        onClick={() => {
          const type = actionTypes[0]?.type ?? "log";
          setActions([...actions, { key: rowKey(), type, config: toConfigDraft(fieldsOf(type)) }]);
        }}
      >
        + Add action
      </button>
    </section>
  );
}
