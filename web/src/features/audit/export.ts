// Downloading the audit export (GET /audit/export): a link cannot carry the Bearer token, so the
// file is fetched with it and handed to the browser as a download under the server's file name.
import { ApiError } from "../../api";
import { readToken } from "../../auth/token-store";
import { type AuditFilters, filterQuery } from "./filters";

export type ExportFormat = "csv" | "jsonl";

const fileNameOf = (response: Response, format: ExportFormat) =>
  /filename="?([^";]+)"?/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `audit.${format}`;

export async function downloadExport(filters: AuditFilters, format: ExportFormat): Promise<void> {
  const token = readToken(sessionStorage);
  const response = await fetch(`/api/v1/audit/export${filterQuery(filters, { format })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
    throw new ApiError(response.status, body?.error?.code ?? "http_error", body?.error?.message ?? `${response.status} ${response.statusText}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response, format);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; later is only to be safe in slower browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
