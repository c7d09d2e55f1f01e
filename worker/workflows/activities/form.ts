// Each activity type declares its parameters once, as a strict zod object; every field carries
// its form label here. The UI's field list is read off the same schema: required unless optional
// or defaulted, the default, a number's bounds, a select's options, the kind of value.
import { z } from "zod";
import type { ConfigFieldType, ConfigFieldView } from "./views";

interface FormMeta {
  label: string;
  description?: string;
  /** A string edited as several lines (Cypher, a message); other kinds follow from the schema. */
  multiline?: boolean;
}

const formMeta = z.registry<FormMeta>();

/** A parameter with its form label (and description); returns the schema itself. */
export function formField<S extends z.ZodType>(schema: S, meta: FormMeta): S {
  formMeta.add(schema, meta);
  return schema;
}

/** The parameters with each field's form description as its schema description: what a tool's JSON Schema shows. */
export function describedParameters(parameters: z.ZodObject): z.ZodObject {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(parameters.shape).map(([name, field]) => {
        const meta = formMeta.get(field);
        return [name, meta?.description ? field.describe(meta.description) : field];
      }),
    ),
  );
}

function kindOf(schema: z.ZodType, meta: FormMeta): ConfigFieldType {
  if (schema instanceof z.ZodString) return meta.multiline ? "text" : "string";
  if (schema instanceof z.ZodNumber) return "number";
  if (schema instanceof z.ZodBoolean) return "boolean";
  if (schema instanceof z.ZodEnum) return "select";
  if (schema instanceof z.ZodArray) return schema.element instanceof z.ZodString ? "string_list" : "parameters";
  throw new Error(`activity parameter schema ${schema.type} has no form field kind`);
}

export function configFields(parameters: z.ZodObject): ConfigFieldView[] {
  return Object.entries(parameters.shape).map(([name, declared]) => {
    const meta = formMeta.get(declared);
    if (!meta) throw new Error(`activity parameter ${name} was declared without formField`);
    let schema: z.ZodType = declared;
    let fallback: unknown;
    if (schema instanceof z.ZodDefault) {
      fallback = schema.def.defaultValue;
      schema = schema.unwrap() as z.ZodType;
    }
    const required = !(schema instanceof z.ZodOptional) && fallback === undefined;
    if (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
    const view: ConfigFieldView = { name, label: meta.label, type: kindOf(schema, meta), required };
    if (meta.description) view.description = meta.description;
    if (fallback !== undefined) view.default = fallback;
    if (schema instanceof z.ZodEnum) view.options = schema.options.map(String);
    if (schema instanceof z.ZodNumber) {
      // .int() bounds a number to the safe integers: not a limit worth showing.
      if (schema.minValue !== null && schema.minValue > Number.MIN_SAFE_INTEGER) view.minimum = schema.minValue;
      if (schema.maxValue !== null && schema.maxValue < Number.MAX_SAFE_INTEGER) view.maximum = schema.maxValue;
    }
    return view;
  });
}
