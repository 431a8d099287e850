/**
 * A JSON Schema validator for the subset the project's schemas use (docs/job-posting.schema.json): type, const,
 * enum, required, properties, items, minItems, minLength, pattern, minimum, anyOf, $ref to #/$defs, and the
 * formats date-time and uri. It returns every error as "path: what is wrong"; no errors means valid.
 */
export type Schema = {
  type?: "object" | "array" | "string" | "number" | "integer" | "boolean";
  const?: unknown;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  anyOf?: Schema[];
  $ref?: string;
  format?: "date-time" | "uri";
  $defs?: Record<string, Schema>;
};

const typeOf = (value: unknown) =>
  Array.isArray(value)
    ? "array"
    : value === null
      ? "null"
      : typeof value === "object"
        ? "object"
        : typeof value;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function formatError(format: Schema["format"], value: string): string | null {
  if (format === "date-time")
    return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? null : "is not a date-time";
  if (format === "uri") return URL.canParse(value) ? null : "is not a URI";
  return null;
}

export function validate(schema: Schema, value: unknown, root: Schema = schema, at = "$"): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, "");
    const target = root.$defs?.[name];
    if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
    return validate(target, value, root, at);
  }
  const errors: string[] = [];
  if (schema.anyOf?.every((option) => validate(option, value, root, at).length > 0))
    errors.push(`${at}: matches none of anyOf`);
  if ("const" in schema && value !== schema.const)
    errors.push(`${at}: is not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value))
    errors.push(`${at}: is not one of ${schema.enum.join(", ")}`);
  const type = typeOf(value);
  if (schema.type) {
    const fits =
      schema.type === "integer" ? Number.isInteger(value) : schema.type === type && !Number.isNaN(value);
    if (!fits) return [...errors, `${at}: is ${type}, not ${schema.type}`];
  }
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${at}: is too short`);
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value))
      errors.push(`${at}: does not match ${schema.pattern}`);
    const format = schema.format && formatError(schema.format, value);
    if (format) errors.push(`${at}: ${format}`);
  }
  if (typeof value === "number" && schema.minimum !== undefined && value < schema.minimum)
    errors.push(`${at}: is under ${schema.minimum}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      errors.push(`${at}: has too few items`);
    const items = schema.items;
    if (items)
      value.forEach((item, index) => void errors.push(...validate(items, item, root, `${at}[${index}]`)));
  }
  if (type === "object") {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in object)) errors.push(`${at}: lacks ${name}`);
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (name in object) errors.push(...validate(property, object[name], root, `${at}.${name}`));
  }
  return errors;
}
