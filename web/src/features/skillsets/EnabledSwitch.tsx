// Switching a skillset or skill on or off where it is listed or shown: the change is a new
// version (PATCH of `enabled`, based on the version shown), and the switch shows the server's
// state, so it turns once the change is saved and the item read again.
import { api } from "../../api";
import { FieldErrors } from "../../components/Fields";
import { useAction } from "../../hooks";
import type { Allowed } from "../../kit/rights";

export function EnabledSwitch({
  label,
  path,
  item,
  allowed,
  onChanged,
}: {
  /** Names the switch: "Skill Triage enabled". */
  label: string;
  /** The API path of the item. */
  path: string;
  item: { enabled: boolean; version: number };
  allowed: Allowed;
  onChanged(): Promise<void>;
}) {
  const change = useAction();
  return (
    <span className="enabled-switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={item.enabled}
        aria-label={label}
        checked={item.enabled}
        disabled={!allowed.ok || change.busy}
        title={allowed.reason}
        onChange={(event) => {
          const enabled = event.target.checked;
          void change.run(async () => {
            await api("PATCH", path, { enabled, base_version: item.version, comment: enabled ? "Enabled" : "Disabled" });
            await onChanged();
          });
        }}
      />
      <span aria-hidden="true">{item.enabled ? "Enabled" : "Disabled"}</span>
      {change.error && <FieldErrors messages={[change.error]} />}
    </span>
  );
}
