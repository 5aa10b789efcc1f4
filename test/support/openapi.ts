// Reading the served OpenAPI document the way a client generator does: every schema in it is JSON
// Schema 2020-12 (OpenAPI 3.1's dialect), checked with Ajv against the document itself, $refs and
// all. Used to check examples and real answers against what the document promises.
import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "@/lib/http/openapi-document";

const DOCUMENT_ID = "https://merchant.test/openapi.json";

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }
  >;
};

/** A JSON pointer token (RFC 6901). */
function token(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

export function openApiChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document as object, DOCUMENT_ID);

  const operation = (path: string, method: string): Operation => {
    const found = (document.paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
    if (!found) throw new Error(`the document has no ${method.toUpperCase()} ${path}`);
    return found;
  };

  /** Problems of `value` against the schema at `pointer` (document segments); empty when it fits. */
  const problems = (segments: string[], value: unknown): string[] => {
    const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${segments.map(token).join("/")}` });
    if (validate(value)) return [];
    return (validate.errors ?? []).map(describe);
  };

  return {
    operation,
    /** The media type of the documented body of that status (each answer documents one), if any. */
    answerMediaType(path: string, method: string, status: number): string | undefined {
      const content = operation(path, method).responses[String(status)]?.content;
      return content ? Object.keys(content)[0] : undefined;
    },
    /**
     * Problems of an answer against the documented body of that status ("no such status" too): JSON
     * parsed, any other media type (a CSV export) as its text.
     */
    answerProblems(path: string, method: string, status: number, body: unknown): string[] {
      const response = operation(path, method).responses[String(status)];
      if (!response) return [`${method.toUpperCase()} ${path} documents no ${status} answer`];
      if (!response.content) return body === undefined ? [] : [`${status} is documented without a body`];
      const [mediaType] = Object.keys(response.content);
      return problems(
        [
          "paths",
          path,
          method.toLowerCase(),
          "responses",
          String(status),
          "content",
          String(mediaType),
          "schema",
        ],
        body,
      );
    },
    /** Problems of an answer's header value against its documented schema (none if undocumented). */
    answerHeaderProblems(
      path: string,
      method: string,
      status: number,
      name: string,
      value: string,
    ): string[] {
      const headers = operation(path, method).responses[String(status)]?.headers ?? {};
      if (!(name in headers)) return [];
      return problems(
        ["paths", path, method.toLowerCase(), "responses", String(status), "headers", name, "schema"],
        value,
      );
    },
    requestBodyProblems(path: string, method: string, body: unknown): string[] {
      if (!operation(path, method).requestBody) return ["no request body is documented"];
      return problems(
        ["paths", path, method.toLowerCase(), "requestBody", "content", "application/json", "schema"],
        body,
      );
    },
    /** Problems of one parameter's value (path, query or header) against its documented schema. */
    parameterProblems(
      path: string,
      method: string,
      location: string,
      name: string,
      value: unknown,
    ): string[] {
      const parameters = operation(path, method).parameters ?? [];
      const index = parameters.findIndex((parameter) => parameter.in === location && parameter.name === name);
      if (index < 0) return [`no ${location} parameter ${name} is documented`];
      return problems(["paths", path, method.toLowerCase(), "parameters", String(index), "schema"], value);
    },
  };
}

export type OpenApiChecker = ReturnType<typeof openApiChecker>;

function describe(error: ErrorObject): string {
  return `${error.instancePath || "(root)"} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ""}`;
}

/** Every `$ref` in the document, with where it was found. */
export function refsIn(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === "$ref" && typeof child === "string" ? [{ ref: child, at }] : refsIn(child, `${at}/${token(key)}`),
  );
}

/** The value a local `$ref` (`#/components/…`) points at, or undefined. */
export function resolveLocalRef(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>(
      (node, segment) =>
        typeof node === "object" && node !== null ? (node as Record<string, unknown>)[segment] : undefined,
      document,
    );
}
