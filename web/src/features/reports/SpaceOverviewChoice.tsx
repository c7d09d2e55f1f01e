// Choosing a space's overview report among the reports filed in it (PUT /spaces/{id}/overview),
// or none.
import { client } from "../../api";
import { Field } from "../../components/Fields";
import { useAction } from "../../hooks";
import type { SpaceTree } from "../../types";

export function SpaceOverviewChoice({ tree, onChanged }: { tree: SpaceTree; onChanged(): void }) {
  const choice = useAction();
  const choose = (reportId: string) =>
    void choice.run(async () => {
      await client.call("spaces_set_overview", { params: { space_id: tree.space.space_id }, body: { report_id: reportId || null } });
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
