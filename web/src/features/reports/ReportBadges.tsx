// What a report's listing says about it beside its name: private or public, pinned.
import { Badge } from "../../components/States";
import type { ReportListItem } from "../../types";

export function ReportBadges({ report }: { report: Pick<ReportListItem, "access" | "pinned"> }) {
  return (
    <>
      {report.access.scope === "private" ? <Badge tone="off">Private</Badge> : <Badge tone="ok">Public</Badge>}
      {report.pinned && <Badge tone="builtin">Pinned</Badge>}
    </>
  );
}
