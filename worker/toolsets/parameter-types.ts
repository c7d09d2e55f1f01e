// The types a tool parameter may have. A module of its own, without zod, so the admin UI can
// list them at run time without bundling the schemas (worker/toolsets/schemas.ts) that use it.
export const parameterTypes = ["string", "integer", "float", "boolean"] as const;
export type ParameterType = (typeof parameterTypes)[number];
