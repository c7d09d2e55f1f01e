// The requests that carry a plugin package as application/zip (http/plugin-upload.ts), which
// the JSON-only and 4 MiB guards let through to that route's own checks.
const PACKAGE_PATHS = /^\/api\/v1\/plugins\/(install|[^/]+\/publish)$/;

export function isPackageUpload(request: Request, path: string): boolean {
  return (
    request.method === "POST" && PACKAGE_PATHS.test(path) && request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/zip"
  );
}
