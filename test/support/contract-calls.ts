// Calling the routes with the contracts' own example requests and checking their real answers
// against the served OpenAPI document: status, body (JSON, or the text of a CSV) and headers.
import { expect } from "vitest";
import type { Endpoint } from "@/lib/http/contract/endpoint";
import type { OpenApiChecker } from "./openapi";
import type { RouteHarness } from "./route-harness";

export type ExampleRequest = Endpoint["examples"][number]["request"];

export function exampleRequest(endpoint: Endpoint, name: string): ExampleRequest {
  const example = endpoint.examples.find((candidate) => candidate.name === name);
  if (!example) throw new Error(`${endpoint.operationId} has no example ${name}`);
  return example.request;
}

export interface ContractCalls {
  /** Sends `request` to the endpoint's route, with `headers` (a session) on top of its own. */
  send(endpoint: Endpoint, request: ExampleRequest, headers?: Record<string, string>): Promise<Response>;
  /**
   * The answer's status is `status`, and its body and headers are what the document says for it.
   * Returns the body: parsed JSON, or the text of another media type.
   */
  expectDocumented(endpoint: Endpoint, response: Response, status: number): Promise<Record<string, unknown>>;
}

export function contractCalls(app: RouteHarness, checker: OpenApiChecker): ContractCalls {
  return {
    send(endpoint, request, sessionHeaders = {}) {
      const params = (request.params ?? {}) as Record<string, string>;
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(params[name] ?? ""),
      );
      const query = new URLSearchParams(
        Object.entries((request.query ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          String(value),
        ]),
      );
      const headers = new Headers(request.headers as Record<string, string> | undefined);
      for (const [name, value] of Object.entries(sessionHeaders)) headers.set(name, value);
      return app.call(endpoint.method.toUpperCase(), query.size ? `${path}?${query}` : path, {
        headers,
        ...(request.body !== undefined ? { json: request.body } : {}),
      });
    },

    async expectDocumented(endpoint, response, status) {
      const text = await response.text();
      const json = /^application\/json/.test(response.headers.get("content-type") ?? "");
      const body = text && json ? (JSON.parse(text) as unknown) : text || undefined;
      expect({ status: response.status, body }).toMatchObject({ status });
      expect(checker.answerProblems(endpoint.path, endpoint.method, response.status, body)).toEqual([]);
      const documented = checker.operation(endpoint.path, endpoint.method).responses[String(status)];
      for (const [name, header] of Object.entries(documented?.headers ?? {})) {
        const value = response.headers.get(name);
        if ((header as { required?: boolean }).required) expect(value, name).not.toBeNull();
        if (value !== null) {
          expect(checker.answerHeaderProblems(endpoint.path, endpoint.method, status, name, value)).toEqual(
            [],
          );
        }
      }
      return body as Record<string, unknown>;
    },
  };
}
