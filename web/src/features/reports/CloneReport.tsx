// Clone: a new report with a copy of this one's latest config ("Cloned from <name>"), filed where
// this one is; it opens when created.
import { useState } from "react";
import { useLocation } from "wouter";
import { client } from "../../api";
import { ActionForm } from "../../components/ActionForm";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Fields";
import { useAction } from "../../hooks";
import type { ReportVersion } from "../../types";
import { reportPath } from "./paths";

export function CloneReportDialog({ report, onClose }: { report: ReportVersion; onClose(): void }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState(`Copy of ${report.name}`);
  const cloning = useAction();
  const clone = () =>
    cloning.run(async () => {
      const created = await client.call("reports_clone", { params: { report_id: report.report_id }, body: { name } });
      onClose();
      navigate(reportPath(created.report_id));
    });
  return (
    <Dialog title={`Clone ${report.name}`} onClose={onClose}>
      <ActionForm action={cloning} onSubmit={clone} onCancel={onClose} label="Clone report" busyLabel="Cloning…">
        <TextField label="Name" name="name" value={name} onChange={setName} required hint="The copy is filed where this report is." />
      </ActionForm>
    </Dialog>
  );
}
