// Every area of the HTTP API. The OpenAPI document lists exactly these endpoints, and the contract
// tests fail when a route file serves something that is not here (or the other way round). To add
// endpoints, see README.md in this folder.
import { operatorConsoleApi } from "./admin";
import { apiReference } from "./api-reference";
import { consoleSignInApi } from "./console-sign-in";
import type { ApiArea, Endpoint } from "./endpoint";
import { healthApi } from "./health";
import { miniProgramApi } from "./mini";
import { walletNotifyApi } from "./wallet-notify";

export const API_AREAS: readonly ApiArea[] = [
  miniProgramApi,
  walletNotifyApi,
  healthApi,
  operatorConsoleApi,
  consoleSignInApi,
  apiReference,
];

/**
 * The areas the typed mini program client (clients/mini-program) is generated from: all but the
 * operator console's (and its sign-in's), which the mini program never calls and whose types would only weigh it down.
 */
export const MINI_PROGRAM_CLIENT_AREAS: readonly ApiArea[] = API_AREAS.filter(
  (area) => area !== operatorConsoleApi && area !== consoleSignInApi,
);

/**
 * The areas the console's typed client is generated from (generated/console-api.ts, by
 * `npm run api:console-types`): the console's own JSON API, which its browser components call.
 */
export const CONSOLE_CLIENT_AREAS: readonly ApiArea[] = [operatorConsoleApi];

export function allEndpoints(areas: readonly ApiArea[] = API_AREAS): Endpoint[] {
  return areas.flatMap((area) => area.endpoints);
}

export type { ApiArea, Endpoint } from "./endpoint";
