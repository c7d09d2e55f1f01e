/// <reference types="vite/client" />
// The Worker's sources as text, for rules about where things may be written. Comments on lines
// of their own are removed: they may say anything.

const files = import.meta.glob<string>("../../../worker/**/*.ts", { query: "?raw", import: "default", eager: true });

/** Each Worker source by its path from the repository root (worker/...), without comments. */
export const workerSources: ReadonlyMap<string, string> = new Map(
  Object.entries(files).map(([path, text]) => [path.replace(/^(\.\.\/)+/, ""), withoutComments(text)]),
);

function withoutComments(text: string): string {
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The paths whose code matches `pattern`, outside the folders given. */
export function sourcesMatching(pattern: RegExp, outside: string[] = []): string[] {
  return [...workerSources]
    .filter(([path, code]) => !outside.some((folder) => path.startsWith(folder)) && pattern.test(code))
    .map(([path]) => path)
    .sort();
}

/** A relative module specifier resolved against the importing file: "worker/toolsets/schemas". */
function resolve(from: string, specifier: string): string {
  const segments = from.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== ".") segments.push(segment);
  }
  return segments.join("/");
}

/** Each relative import of the Worker's sources (static, re-exported or dynamic, types included), as importer and imported module. */
export function workerImports(): { from: string; to: string }[] {
  return [...workerSources].flatMap(([path, code]) =>
    [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)"(\.{1,2}\/[^"]+)"/gm)].map((match) => ({
      from: path,
      to: resolve(path, match[1] as string),
    })),
  );
}
