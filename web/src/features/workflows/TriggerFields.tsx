// What starts a workflow or scheduled query: nothing (run on demand only), a schedule (its
// fields per type, always UTC), newer scans matching watch_scans rows, or for a scheduled query
// the deprecated frequency in minutes. The three are mutually exclusive, so one is chosen.
import { useId } from "react";
import { Field, FieldErrors, TextField } from "../../components/Fields";
import { RemoveButton } from "../../kit/RowButtons";
import { editRows, type RowsProps, rowKey } from "../../kit/rows";
import type { ScheduleSpec, Trigger } from "../../types";
import { scheduleKeys } from "./form-errors";
import { WEEKDAYS } from "./wording";

export type TriggerKind = "manual" | "schedule" | "watch_scans" | "frequency";

export interface ScheduleDraft {
  type: ScheduleSpec["type"];
  interval_minutes: string;
  interval_hours: string;
  days_of_week: number[];
  hour: string;
  minute: string;
  /** "1, 15" */
  days_of_month: string;
}
export interface ScanDraft {
  key: number;
  grouptype: string;
  syncedtype: string;
  groupid: string;
}
export interface TriggerDraft {
  kind: TriggerKind;
  schedule: ScheduleDraft;
  scans: ScanDraft[];
  /** A scheduled query's minutes. */
  frequency: string;
}

const number = (text: string): unknown => {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : text;
};

export function toTriggerDraft({ schedule, watch_scans, frequency }: Trigger): TriggerDraft {
  return {
    kind: schedule ? "schedule" : watch_scans.length > 0 ? "watch_scans" : frequency ? "frequency" : "manual",
    schedule: {
      type: schedule?.type ?? "interval",
      interval_minutes: String(schedule?.interval_minutes ?? (schedule ? "" : "60")),
      interval_hours: String(schedule?.interval_hours ?? "1"),
      // A schedule of another type has none: a switch to daily or monthly starts from weekdays, the 1st.
      days_of_week: schedule?.days_of_week.length ? schedule.days_of_week : [0, 1, 2, 3, 4],
      hour: String(schedule?.hour ?? 9),
      minute: String(schedule?.minute ?? 0),
      days_of_month: (schedule?.days_of_month.length ? schedule.days_of_month : [1]).join(", "),
    },
    scans: (watch_scans.length > 0 ? watch_scans : [{ grouptype: ".*", syncedtype: ".*", groupid: ".*" }]).map((scan) => ({ key: rowKey(), ...scan })),
    frequency: String(frequency ?? "60"),
  };
}

/** The trigger fields as the API takes them: only the chosen one. */
export function fromTriggerDraft(draft: TriggerDraft) {
  const { schedule } = draft;
  const spec: Record<string, unknown> = { type: schedule.type };
  if (schedule.type === "interval") spec.interval_minutes = number(schedule.interval_minutes);
  if (schedule.type === "hourly") spec.interval_hours = number(schedule.interval_hours);
  if (schedule.type === "daily" || schedule.type === "monthly") {
    spec.hour = number(schedule.hour);
    spec.minute = number(schedule.minute);
  }
  if (schedule.type === "daily") spec.days_of_week = [...schedule.days_of_week].sort((a, b) => a - b);
  if (schedule.type === "monthly")
    spec.days_of_month = schedule.days_of_month
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(number);
  return {
    schedule: draft.kind === "schedule" ? (spec as ScheduleSpec) : null,
    watch_scans: draft.kind === "watch_scans" ? draft.scans.map(({ grouptype, syncedtype, groupid }) => ({ grouptype, syncedtype, groupid })) : [],
    frequency: draft.kind === "frequency" ? (number(draft.frequency) as number) : null,
  };
}

/** The paths the trigger fields show issues at. */
export function triggerKeys(draft: TriggerDraft, withFrequency: boolean): string[] {
  const keys = ["schedule", "watch_scans", ...(withFrequency ? ["frequency"] : [])];
  if (draft.kind === "schedule") keys.push(...scheduleKeys("schedule", draft.schedule.type));
  if (draft.kind === "watch_scans") {
    for (const index of draft.scans.keys()) {
      keys.push(`watch_scans.${index}`, ...["grouptype", "syncedtype", "groupid"].map((field) => `watch_scans.${index}.${field}`));
    }
  }
  return keys;
}

const KIND_LABELS: Record<TriggerKind, string> = {
  manual: "None: run on demand only",
  schedule: "On a schedule",
  watch_scans: "On new scans",
  frequency: "Every N minutes (deprecated frequency)",
};

export function TriggerFields({
  draft,
  onChange,
  errors,
  withFrequency = false,
}: {
  draft: TriggerDraft;
  onChange(draft: TriggerDraft): void;
  errors: Record<string, string[]>;
  withFrequency?: boolean;
}) {
  const legend = useId();
  const kinds: TriggerKind[] = withFrequency ? ["manual", "schedule", "watch_scans", "frequency"] : ["manual", "schedule", "watch_scans"];
  const setSchedule = (change: Partial<ScheduleDraft>) => onChange({ ...draft, schedule: { ...draft.schedule, ...change } });
  const { schedule } = draft;
  const scheduleField = (name: keyof ScheduleDraft, label: string, hint?: string) => (
    <Field label={label} name={`schedule.${name}`} error={errors[`schedule.${name}`]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={String(schedule[name])}
          onChange={(event) => setSchedule({ [name]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="trigger-fields" aria-labelledby={legend}>
      <legend id={legend} className="field-label">
        Trigger
      </legend>
      <div className="field" data-field="trigger">
        <div className="choice-row" role="radiogroup" aria-labelledby={legend}>
          {kinds.map((kind) => (
            <label key={kind} className="choice">
              <input type="radio" name="trigger-kind" value={kind} checked={draft.kind === kind} onChange={() => onChange({ ...draft, kind })} />{" "}
              {KIND_LABELS[kind]}
            </label>
          ))}
        </div>
        <FieldErrors messages={[...(errors.schedule ?? []), ...(errors.watch_scans ?? []), ...(draft.kind === "frequency" ? [] : (errors.frequency ?? []))]} />
      </div>
      {draft.kind === "schedule" && (
        <div className="schedule-fields">
          <Field label="Repeat" name="schedule.type" error={errors["schedule.type"]} hint="Schedules are in UTC.">
            {(control) => (
              <select {...control} value={schedule.type} onChange={(event) => setSchedule({ type: event.target.value as ScheduleDraft["type"] })}>
                <option value="interval">Every N minutes</option>
                <option value="hourly">Every N hours</option>
                <option value="daily">Daily, on chosen weekdays</option>
                <option value="monthly">Monthly, on chosen days</option>
              </select>
            )}
          </Field>
          {schedule.type === "interval" && scheduleField("interval_minutes", "Interval (minutes)", "1 to 43200.")}
          {schedule.type === "hourly" && scheduleField("interval_hours", "Interval (hours)", "1 to 720.")}
          {schedule.type === "daily" && (
            <div className="field" data-field="schedule.days_of_week">
              <span className="field-label">Days of the week</span>
              <div className="choice-row">
                {WEEKDAYS.map((day, index) => (
                  <label key={day} className="choice">
                    <input
                      type="checkbox"
                      checked={schedule.days_of_week.includes(index)}
                      onChange={(event) =>
                        setSchedule({
                          days_of_week: event.target.checked ? [...schedule.days_of_week, index] : schedule.days_of_week.filter((other) => other !== index),
                        })
                      }
                    />{" "}
                    {day}
                  </label>
                ))}
              </div>
              <FieldErrors messages={errors["schedule.days_of_week"]} />
            </div>
          )}
          {schedule.type === "monthly" &&
            scheduleField("days_of_month", "Days of the month", "1 to 31, separated by commas; a day a month lacks runs on its last day.")}
          {(schedule.type === "daily" || schedule.type === "monthly") && (
            <div className="form-grid">
              {scheduleField("hour", "Hour (UTC)", "0 to 23.")}
              {scheduleField("minute", "Minute", "0 to 59.")}
            </div>
          )}
        </div>
      )}
      {draft.kind === "frequency" && (
        <Field label="Frequency (minutes)" name="frequency" error={errors.frequency} hint="Deprecated: prefer a schedule.">
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              value={draft.frequency}
              onChange={(event) => onChange({ ...draft, frequency: event.target.value })}
            />
          )}
        </Field>
      )}
      {draft.kind === "watch_scans" && <ScanRows rows={draft.scans} onChange={(scans) => onChange({ ...draft, scans })} errors={errors} />}
    </fieldset>
  );
}

function ScanRows({ rows: scans, onChange, errors }: RowsProps<ScanDraft>) {
  const edit = editRows(scans, onChange);
  return (
    <div className="scan-rows">
      <p className="hint">Runs when a SyncMetadata node whose attributes match these regular expressions is newer than the last run.</p>
      {scans.map((scan, index) => (
        <div key={scan.key} className="scan-row" data-field={`watch_scans.${index}`}>
          {(["grouptype", "syncedtype", "groupid"] as const).map((name) => (
            <TextField
              key={name}
              label={name}
              name={`watch_scans.${index}.${name}`}
              error={errors[`watch_scans.${index}.${name}`]}
              value={scan[name]}
              onChange={(value) => edit.change(scan.key, { [name]: value })}
            />
          ))}
          <RemoveButton name={`scan ${index + 1}`} onRemove={() => edit.remove(scan.key)} />
          <FieldErrors messages={errors[`watch_scans.${index}`]} />
        </div>
      ))}
      <button type="button" className="button small" onClick={() => edit.add({ key: rowKey(), grouptype: ".*", syncedtype: ".*", groupid: ".*" })}>
        + Add scan
      </button>
    </div>
  );
}
