// Choosing a space's overview report among the reports filed in it (PUT /spaces/{id}/overview),
// or none.
import { api } from "../../api";
import { Field } from "../../components/Fields";
import { useAction } from "../../hooks";
import { itemPath } from "../../kit/paths";
import type { SpaceTree } from "../../types";
import { SPACES } from "./paths";

export function SpaceOverviewChoice({ tree, onChanged }: { tree: SpaceTree; onChanged(): void }) {
  const choice = useAction();
  const choose = (reportId: string) =>
    void choice.run(async () => {
      await api("PUT", `${itemPath(SPACES, tree.space.space_id)}/overview`, { report_id: reportId || null });
      onChanged();
    });
  return (
    <div className="space-overview-choice">
      <Field label="Overview report" name="overview" hint="Drawn at the foot of the space's page.">
        {(control) => (
          <select {...control} value={tree.space.overview_report_id ?? ""} disabled={choice.busy} onChange={(event) => choose(event.target.value)}>
            <option value="">None</option>
            {tree.reports.map((report) => (
              <option key={report.report_id} value={report.report_id}>
                {report.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {choice.error && (
        <p className="result-error" role="alert">
          {choice.error}
        </p>
      )}
    </div>
  );
}
