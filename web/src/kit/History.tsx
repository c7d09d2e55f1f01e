// Version history of an item of any versioned resource: every version with time, author and
// comment; a diff of a chosen version against the current one; and Restore, which saves that
// version's definition as a new version ("Restored from version N").
import { useEffect, useMemo, useState } from "react";
import { api, ApiError, describeError } from "../api";
import { Panel } from "../components/Panel";
import { ConfirmRequestDialog } from "../components/Dialog";
import { DefinitionDiff, Time } from "../components/JsonDiff";
import { Menu } from "../components/Menu";
import { Badge, Empty, ErrorState, Loading } from "../components/States";
import { actionsHeader, emptyCell, Table } from "../components/Table";
import { useResource } from "../hooks";
import type { Version, VersionList, VersionMeta } from "../types";

const standardVersions = (data: unknown) => (data as VersionList).versions;

async function serverRestore(path: string, version: Version, current: Version): Promise<number> {
  const restored = await api<Pick<VersionMeta, "version">>("POST", `${path}/versions/${version.version}/restore`, { base_version: current.version });
  return restored.version;
}

export function History({
  noun,
  path,
  canRestore,
  restoreBlockedReason,
  versionsOf = standardVersions,
  restore: restoreVersion = serverRestore,
}: {
  /** Names the resource in texts: "This tool has changed…". */
  noun: string;
  /** The API path of the item. */
  path: string;
  canRestore: boolean;
  restoreBlockedReason: string;
  /** The versions, newest first, from what GET {path}/versions answers; reports send theirs in upstream's shape. */
  versionsOf?(data: unknown): Version[];
  /**
   * Saves `version`'s definition as a new version on top of `current`, answering the new
   * version's number. Without it, the server restores (POST {path}/versions/{n}/restore);
   * workflows restore client-side, as upstream does, re-saving the old definition.
   */
  restore?(path: string, version: Version, current: Version): Promise<number>;
}) {
  const versions = useResource<unknown>(`${path}/versions`);
  const [selected, setSelected] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<Version | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = useMemo(() => (versions.data === undefined ? [] : versionsOf(versions.data)), [versions.data, versionsOf]);
  const current = list[0];
  useEffect(() => {
    if (selected === null && list.length > 1) setSelected(list[1]!.version);
  }, [list, selected]);

  if (versions.error) return <ErrorState error={versions.error} onRetry={() => void versions.reload()} />;
  if (versions.data === undefined) return <Loading label="Loading history…" />;
  if (!current) return <Empty title="No versions recorded." />;

  const chosen = list.find((version) => version.version === selected) ?? null;

  const restoreItem = (version: Version) => ({
    label: "Restore this version",
    disabled: !canRestore || version.version === current.version,
    disabledReason: !canRestore ? restoreBlockedReason : "This is the current version",
    onSelect: () => setRestoring(version),
  });

  return (
    <>
      {notice && (
        <p className="notice ok" role="status">
          {notice}
        </p>
      )}
      <Table
        caption="Versions, newest first"
        rows={list}
        rowKey={(version) => version.version}
        rowProps={(version) => ({
          className: version.version === selected ? "selected" : undefined,
          "aria-selected": version.version === selected || undefined,
        })}
        columns={[
          {
            header: "Version",
            cell: (version) => (
              <>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setSelected(version.version)}
                  aria-pressed={version.version === selected}
                  aria-label={`Compare version ${version.version} with the current version`}
                  disabled={version.version === current.version}
                >
                  v{version.version}
                </button>{" "}
                {version.version === current.version && <Badge tone="ok">Current</Badge>}
              </>
            ),
          },
          { header: "Time", cell: (version) => <Time iso={version.created_at} /> },
          { header: "Author", cell: (version) => version.author },
          { header: "Comment", className: "wide-only", cellClassName: "wide-only comment", cell: (version) => version.comment || emptyCell },
          {
            header: actionsHeader,
            key: "actions",
            cellClassName: "actions",
            cell: (version) => (
              <Menu
                label={`Actions for version ${version.version}`}
                items={[
                  {
                    label: "Compare with current",
                    disabled: version.version === current.version,
                    disabledReason: "This is the current version",
                    onSelect: () => setSelected(version.version),
                  },
                  restoreItem(version),
                ]}
              />
            ),
          },
        ]}
      />
      {chosen ? (
        <Panel
          title={`Changes from version ${chosen.version} to the current version (${current.version})`}
          actions={
            <button
              type="button"
              className="button"
              aria-disabled={!canRestore || undefined}
              title={!canRestore ? restoreBlockedReason : undefined}
              onClick={() => {
                if (canRestore) setRestoring(chosen);
              }}
            >
              Restore version {chosen.version}
            </button>
          }
        >
          {chosen.comment && (
            <p className="muted">
              Comment on version {chosen.version}: {chosen.comment}
            </p>
          )}
          <DefinitionDiff before={chosen.definition} after={current.definition} label={`Diff of version ${chosen.version} against the current version`} />
        </Panel>
      ) : (
        list.length === 1 && <p className="muted">This is the only version so far.</p>
      )}
      {restoring && (
        <ConfirmRequestDialog
          title={`Restore version ${restoring.version}?`}
          confirmLabel={`Restore version ${restoring.version}`}
          describe={(error) =>
            error instanceof ApiError && error.status === 409
              ? `This ${noun} has changed since you opened its history. Close this, reload the page and try again.`
              : describeError(error)
          }
          run={async () => {
            const restored = await restoreVersion(path, restoring, current);
            setNotice(`Restored version ${restoring.version} as version ${restored}.`);
            setRestoring(null);
            setSelected(null);
            await versions.reload();
          }}
          onClose={() => setRestoring(null)}
        >
          <p>
            The {noun} gets the definition it had in version {restoring.version}, saved as a new version {current.version + 1} with the comment “Restored from
            version {restoring.version}”. No version is lost.
          </p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
