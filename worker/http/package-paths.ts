// The requests that carry a plugin package as it is, not base64 in JSON (http/plugin-upload.ts),
// which the JSON-only and 4 MiB guards let through to that route's own checks: a zip body
// (application/zip) to install or publish, and upstream Seizu's form upload (multipart/form-data
// with a `package` file) to install or validate. A form is a content type a cross-site page may
// send without asking first; the Host/Origin rule (allowed-hosts.ts) refuses it, and it carries
// no bearer token.
const ZIP_PATHS = /^\/api\/v1\/plugins\/(install|[^/]+\/publish)$/;
const FORM_PATHS = /^\/api\/v1\/plugins\/(install|validate)$/;

export type PackageUpload = "zip" | "form";

function mediaType(request: Request): string | undefined {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
}

/** How the request carries its package, or undefined when it is not a package upload. */
export function packageUpload(request: Request, path: string): PackageUpload | undefined {
  if (request.method !== "POST") return undefined;
  const type = mediaType(request);
  if (type === "application/zip" && ZIP_PATHS.test(path)) return "zip";
  if (type === "multipart/form-data" && FORM_PATHS.test(path)) return "form";
  return undefined;
}

export function isPackageUpload(request: Request, path: string): boolean {
  return packageUpload(request, path) !== undefined;
}
