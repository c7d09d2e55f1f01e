// /connected-apps: the MCP clients the signed-in person connected through the edge authorization
// server (GET /connected-apps), each revocable; a caller holding oauth:manage may switch to
// everyone's. A revoked app's tokens are refused from its next request on.
import { useState } from "react";
import { client } from "../api";
import { ConfirmRequestDialog } from "../components/Dialog";
import { PageHeader } from "../components/Page";
import { Badge, Empty, Loaded } from "../components/States";
import { type Column, Table, actionsHeader, emptyCell } from "../components/Table";
import { formatTime } from "../features/audit/format";
import { useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { ConnectedApp, ReplyOf } from "../types";

const CONNECTED_APPS = "/connected-apps";

export const route: PageRoute = {
  path: CONNECTED_APPS,
  component: ConnectedAppsPage,
  nav: { label: "Connected apps", href: CONNECTED_APPS, match: CONNECTED_APPS, order: 13 },
};

type AppList = ReplyOf<"connected_apps_list">;

const personOf = (app: ConnectedApp) => (app.display_name ? `${app.display_name} (${app.subject})` : app.subject);

function ConnectedAppsPage() {
  const session = useSession();
  const mayManage = session.can("oauth:manage");
  const [everyone, setEveryone] = useState(false);
  const list = useResource<AppList>(everyone ? `${CONNECTED_APPS}?all=true&limit=100` : `${CONNECTED_APPS}?limit=100`);
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);
  const columns: Column<ConnectedApp>[] = [
    { header: "Client", rowHeader: true, cell: (app) => <span title={app.client_id}>{app.client_name}</span> },
    { header: "Access", cell: (app) => (app.access === "full" ? <Badge tone="warn">Full</Badge> : <Badge tone="ok">Read-only</Badge>) },
    ...(everyone ? [{ header: "Person", cell: personOf }] : []),
    { header: "Connected", cell: (app) => formatTime(app.created_at) },
    { header: "Expires", cell: (app) => (app.expires_at ? formatTime(app.expires_at) : emptyCell) },
    {
      header: actionsHeader,
      key: "actions",
      cell: (app) => (
        <button type="button" className="button danger" onClick={() => setRevoking(app)} aria-label={`Revoke ${app.client_name}`}>
          Revoke
        </button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Connected apps"
        actions={
          mayManage && (
            <label className="toggle">
              <input type="checkbox" checked={everyone} onChange={(event) => setEveryone(event.target.checked)} /> Everyone
            </label>
          )
        }
      >
        <p className="lede">
          {everyone
            ? "Every MCP client anyone connected to this server. Revoking one signs it out at once: its next request is refused."
            : "The MCP clients (Claude, ChatGPT, an IDE…) you connected to this server. Revoking one signs it out at once: its next request is refused."}
        </p>
      </PageHeader>
      <Loaded resource={list} loading="Loading connected apps…">
        {(data) =>
          data.apps.length === 0 ? (
            <Empty title="No connected apps.">
              <p>An MCP client appears here once you approve it on this server's consent page.</p>
            </Empty>
          ) : (
            <Table columns={columns} rows={data.apps} rowKey={(app) => `${app.subject} ${app.grant_id}`} aria-label="Connected apps" />
          )
        }
      </Loaded>
      {revoking && (
        <ConfirmRequestDialog
          title={`Revoke ${revoking.client_name}?`}
          confirmLabel="Revoke"
          run={async () => {
            const params =
              revoking.subject === session.me.subject ? { grant_id: revoking.grant_id } : { grant_id: revoking.grant_id, subject: revoking.subject };
            await client.call("connected_apps_revoke", { params });
            setRevoking(null);
            await list.reload();
          }}
          onClose={() => setRevoking(null)}
        >
          <p>
            {revoking.client_name} {everyone ? `(connected by ${personOf(revoking)})` : ""} loses its access now: its tokens are refused from its next request
            on. To use it again, connect it again from the client.
          </p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
