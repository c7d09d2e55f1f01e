// The graph's labels, relationship types and property keys (GET /graph/schema, the service
// behind graph__schema) and the console's parameter names, as the Cypher editor's completion
// schema. Until the schema arrives (or if it cannot be read), completion offers keywords.
import { useMemo } from "react";
import type { ReplyOf } from "../../../../worker/api";
import type { CypherEditorProps } from "../../components/cypher-editor-props";
import { useResource } from "../../hooks";

export function useEditorSchema(parameters: string[]): CypherEditorProps["schema"] {
  const { data } = useResource<ReplyOf<"graph_schema">>("/graph/schema");
  const names = parameters.join("\n");
  return useMemo(
    () => ({
      // The editor's convention: labels and types with their colon, as they are typed.
      labels: data?.labels.map((label) => `:${label}`),
      relationshipTypes: data?.relationship_types.map((type) => `:${type}`),
      propertyKeys: data?.property_keys,
      parameters: names ? names.split("\n") : [],
    }),
    [data, names],
  );
}
