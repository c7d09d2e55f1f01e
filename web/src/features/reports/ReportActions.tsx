// A report's ⋮ menu on its page: pin, visibility, filing, clone, the dashboard choice and delete, each with
// why it is disabled when it is (the rules of worker/reports: only a public report is pinned or
// the dashboard; only the owner changes visibility). A refused change says why.
import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../api";
import { ConfirmRequestDialog } from "../../components/Dialog";
import { Menu, type MenuItem } from "../../components/Menu";
import { useAction } from "../../hooks";
import { useSession } from "../../session";
import type { ReportVersion } from "../../types";
import { CloneReportDialog } from "./CloneReport";
import { FileReportDialog } from "./FileReport";
import { REPORTS, reportPath } from "./paths";

export function ReportActions({ report, onChanged }: { report: ReportVersion; onChanged(notice: string): void }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const [filing, setFiling] = useState(false);
  const [cloning, setCloning] = useState(false);
  const change = useAction();
  const path = reportPath(report.report_id);
  const isPublic = report.access.scope === "public";
  const owner = report.report_created_by === session.me.subject;
  const put = (segment: string, body: unknown, notice: string) =>
    void change.run(async () => {
      await api("PUT", `${path}/${segment}`, body);
      onChanged(notice);
    });
  const reason = (ok: boolean, why: string) => ({ disabled: !ok, disabledReason: ok ? undefined : why });
  const writable = session.can("reports:write");

  const items: MenuItem[] = [
    {
      label: report.pinned ? "Unpin" : "Pin to the top of the list",
      ...reason(writable && (isPublic || report.pinned), writable ? "Only a public report can be pinned" : "Needs the reports:write permission"),
      onSelect: () => put("pin", { pinned: !report.pinned }, report.pinned ? "Unpinned." : "Pinned to the top of the reports list."),
    },
    {
      label: isPublic ? "Make private" : "Make public",
      ...reason(writable && owner, writable ? "Only the report's owner changes its visibility" : "Needs the reports:write permission"),
      onSelect: () =>
        put(
          "visibility",
          { access: { scope: isPublic ? "private" : "public" } },
          isPublic ? "Now private: only you see it." : "Now public: everyone who reads reports sees it.",
        ),
    },
    {
      label: "File in a space…",
      ...reason(writable && session.can("spaces:read"), writable ? "Needs the spaces:read permission" : "Needs the reports:write permission"),
      onSelect: () => setFiling(true),
    },
    {
      label: "Clone…",
      ...reason(writable, "Needs the reports:write permission"),
      onSelect: () => setCloning(true),
    },
    {
      label: "Make it the dashboard",
      ...reason(
        session.can("reports:set_dashboard") && isPublic,
        session.can("reports:set_dashboard") ? "Only a public report can be the dashboard" : "Needs the reports:set_dashboard permission",
      ),
      onSelect: () => put("dashboard", undefined, "This report is now the dashboard, the home page."),
    },
    {
      label: "Delete",
      danger: true,
      ...reason(session.can("reports:delete"), "Needs the reports:delete permission"),
      onSelect: () => setDeleting(true),
    },
  ];

  return (
    <>
      <Menu label={`Actions for report ${report.name}`} items={items} />
      {change.error && (
        <p className="result-error report-action-error" role="alert">
          {change.error}
        </p>
      )}
      {filing && (
        <FileReportDialog
          report={report}
          onClose={() => setFiling(false)}
          onFiled={(notice) => {
            setFiling(false);
            onChanged(notice);
          }}
        />
      )}
      {cloning && <CloneReportDialog report={report} onClose={() => setCloning(false)} />}
      {deleting && (
        <ConfirmRequestDialog
          title={`Delete ${report.name}?`}
          confirmLabel="Delete report"
          onClose={() => setDeleting(false)}
          run={async () => {
            await api("DELETE", path);
            navigate(REPORTS);
          }}
        >
          <p>The report and every version of it are deleted; if it is the dashboard or a space's overview, that is cleared.</p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
