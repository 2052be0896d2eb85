import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { safeParse } from "zod/mini";
import type { $ZodIssue, $ZodType, input, output } from "zod/v4/core";

// A form's zod schema run in the browser, as conform's parseWithZod (@conform-to/zod/v4) runs
// it on the server, without that adapter: its coercion module imports classic zod, which would
// bring all of classic zod into the page. Browser-safe (no Node API); the schema is zod/mini.
//
// Form values are coerced as the adapter does, by the schema's shape:
//   - "" is no value (undefined), for strings, enums, numbers, booleans, dates;
//   - numbers from their text (blank text is NaN, which the schema refuses);
//   - a checkbox's "on" is true;
//   - an empty file input's nameless, empty File is no file;
//   - where the schema wants an array, a single value is a list of one, and no value an empty list;
//   - where it wants an object, no value is an empty one.
// Errors are keyed by the field's name (formatPaths: "a.b[0]"), one list of messages per field,
// as conform's useForm expects from onValidate.

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  values?: unknown[];
  getter?: () => $ZodType;
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

const isEmptyFile = (value: unknown) =>
  typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0;

/** "" and the empty file input's File are no value. */
const stripEmpty = (value: unknown) => (value === "" || isEmptyFile(value) ? undefined : value);

function fromText(value: unknown, convert: (text: string) => unknown) {
  if (typeof value !== "string") return value;
  if (value === "") return undefined;
  const converted = convert(value);
  // Text that does not convert stays text, for the schema to refuse.
  return converted === undefined ? value : converted;
}

const toNumber = (text: string) => (text.trim() === "" ? NaN : Number(text));
const toBoolean = (text: string) => (text === "on" ? true : undefined);
const toDate = (text: string) => {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A form value (strings and Files, as conform reads them) coerced to what the schema expects. */
export function coerceFormValue(schema: $ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "enum":
      return typeof value === "string" ? stripEmpty(value) : value;
    case "literal": {
      const literal = def.values?.[0];
      if (typeof literal === "number") return fromText(value, toNumber);
      if (typeof literal === "boolean") return fromText(value, toBoolean);
      return typeof value === "string" ? stripEmpty(value) : value;
    }
    case "number":
      return fromText(value, toNumber);
    case "boolean":
      return fromText(value, toBoolean);
    case "date":
      return fromText(value, toDate);
    case "file":
      return isEmptyFile(value) ? undefined : value;
    case "array": {
      const list = Array.isArray(value) ? value : stripEmpty(value) === undefined ? [] : [value];
      return list.map((item) => coerceFormValue(def.element!, item));
    }
    case "object": {
      if (value === undefined) return coerceFormValue(schema, {});
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      const given = value as Record<string, unknown>;
      const coerced: Record<string, unknown> = { ...given };
      for (const [key, field] of Object.entries(def.shape!)) {
        const present = key in given;
        const next = coerceFormValue(field, given[key]);
        // A missing list or object is an empty one, as if submitted so; a missing string stays missing.
        if (present || next !== undefined) coerced[key] = next;
      }
      return coerced;
    }
    case "optional":
    case "default":
    case "prefault": {
      const stripped = stripEmpty(value);
      return stripped === undefined ? undefined : coerceFormValue(def.innerType!, stripped);
    }
    case "nonoptional":
      return coerceFormValue(def.innerType!, stripEmpty(value));
    case "nullable":
    case "readonly":
    case "catch":
      return coerceFormValue(def.innerType!, value);
    case "pipe":
      // What goes in is coerced for the pipe's first schema; a transform (preprocess) takes it as given.
      return coerceFormValue(def.in!, value);
    case "lazy":
      return coerceFormValue(def.getter!(), value);
    default:
      return value;
  }
}

function errorsByName(issues: readonly $ZodIssue[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = formatPaths(issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)));
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The form's submission, checked by the schema: for useForm's onValidate in the browser,
 * where parseWithZod(formData, { schema }) would be.
 */
export function validateForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  return parse(payload, {
    resolve(value) {
      const result = safeParse(schema, coerceFormValue(schema, value));
      return result.success ? { value: result.data } : { error: errorsByName(result.error.issues) };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}
