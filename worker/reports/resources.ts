// Reports as the kit's generated operations call them (kit/resource-service.ts), each named by
// its id. A report's change is a saved version (POST /versions, the `version` update style);
// its settings (access, pin, space, dashboard) have operations of their own. The service is
// built when a method is called, not with the resource: the generated operations ask a resource
// for a guard before the body is read, and reports have none.
import type { RestoreInput } from "../kit/schemas";
import type { CreateReportInput, ImportReportsInput, SaveVersionInput } from "./schemas";
import type { ReportService } from "./service";

const quoted = (name: string) => JSON.stringify(name);

export function reportResource(service: () => ReportService) {
  const describe = async (id: string) => `report ${quoted((await service().item(id)).name)}`;
  return {
    export: () => service().export(),
    import: (input: ImportReportsInput) => service().import(input),
    create: (fields: CreateReportInput) => service().create(fields),
    describeNew: async (fields: CreateReportInput) => `report ${quoted(fields.name)}`,
    describe,
    update: (id: string, fields: SaveVersionInput) => service().saveVersion(id, fields),
    delete: (id: string) => service().delete(id),
    versions: (id: string) => service().versions(id),
    version: (id: string, version: number) => service().get(id, version),
    checkRestore: (id: string, version: number) => service().get(id, version),
    restore: (id: string, version: number, input: RestoreInput) => service().restore(id, version, input),
  };
}
