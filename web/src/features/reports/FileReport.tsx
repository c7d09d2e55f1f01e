// Filing a report: choose a space and optionally one of its sub-spaces, or no space at all
// (PUT /reports/{id}/space). Only a public report can be in a space; the server says so otherwise.
import { useState } from "react";
import { client } from "../../api";
import { ActionForm } from "../../components/ActionForm";
import { Dialog } from "../../components/Dialog";
import { Field, Options } from "../../components/Fields";
import { Loaded } from "../../components/States";
import { useAction, useResource } from "../../hooks";
import { itemPath } from "../../kit/paths";
import type { ReportVersion, SpaceList, Subspace } from "../../types";
import { SPACES } from "./paths";

export function FileReportDialog({ report, onFiled, onClose }: { report: ReportVersion; onFiled(notice: string): void; onClose(): void }) {
  const spaces = useResource<SpaceList>(SPACES);
  const [space, setSpace] = useState(report.space_id ?? "");
  const [subspace, setSubspace] = useState(report.subspace_id ?? "");
  const subspaces = useResource<{ subspaces: Subspace[] }>(space ? `${itemPath(SPACES, space)}/subspaces` : null);
  const filing = useAction();
  const name = (id: string) => spaces.data?.spaces.find((candidate) => candidate.space_id === id)?.name ?? id;
  const file = () =>
    filing.run(async () => {
      await client.call("spaces_set_report_space", {
        params: { report_id: report.report_id },
        body: space ? { space_id: space, ...(subspace ? { subspace_id: subspace } : {}) } : {},
      });
      onFiled(space ? `Filed in ${name(space)}.` : "No longer in a space.");
    });
  return (
    <Dialog title={`File ${report.name}`} onClose={onClose}>
      <Loaded resource={spaces} loading="Loading spaces…">
        {(list) => (
          <ActionForm action={filing} onSubmit={file} onCancel={onClose} label="File report" busyLabel="Filing…">
            <Field label="Space" name="space" hint="A report in a space is public.">
              {(control) => (
                <select
                  {...control}
                  value={space}
                  onChange={(event) => {
                    setSpace(event.target.value);
                    setSubspace("");
                  }}
                >
                  <Options none="No space" items={list.spaces} value={(candidate) => candidate.space_id} label={(candidate) => candidate.name} />
                </select>
              )}
            </Field>
            {space && (
              <Field label="Sub-space" name="subspace">
                {(control) => (
                  <select {...control} value={subspace} onChange={(event) => setSubspace(event.target.value)} aria-busy={subspaces.loading}>
                    <Options
                      none="None"
                      items={subspaces.data?.subspaces ?? []}
                      value={(candidate) => candidate.subspace_id}
                      label={(candidate) => candidate.name}
                    />
                  </select>
                )}
              </Field>
            )}
          </ActionForm>
        )}
      </Loaded>
    </Dialog>
  );
}
