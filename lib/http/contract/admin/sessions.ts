// Console sessions: each sign-in is one, ended by signing out, by idling, at the end of its day, or
// when its operator's password, role or access changes. An operator sees theirs and signs out one or
// all the others; an ADMIN sees and ends anyone's.
import { z } from "zod";
import { sessionListQuery, sessionParams } from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { ADMIN_ID, OPERATOR_ID, signedOut } from "./examples";
import { sessionRecord } from "./records";

const SESSION_ID = "0193a7b2-51c4-7e19-9d3a-6b2f0c8e4a17";
const OTHER_SESSION_ID = "0193a7b3-02aa-7c51-8f6e-3d9b1a7c5e20";

const sessionList = z.object({ sessions: z.array(sessionRecord).meta({ description: "Newest first." }) });
export type SessionListJson = z.input<typeof sessionList>;
export type SessionJson = z.input<typeof sessionRecord>;
const endedOthers = z.object({
  ended: z.number().int().nonnegative().meta({ description: "How many ended." }),
});
export type EndedOthersJson = z.input<typeof endedOthers>;

const phone = {
  id: SESSION_ID,
  operatorId: OPERATOR_ID,
  userAgent: "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36",
  address: "203.0.113.24",
  createdAt: "2026-11-26T06:02:11.000Z",
  lastSeenAt: "2026-11-26T09:41:00.000Z",
  expiresAt: "2026-11-26T14:02:11.000Z",
  endedAt: null,
  endedReason: null,
  current: true,
} satisfies SessionJson;

const laptop = {
  ...phone,
  id: OTHER_SESSION_ID,
  userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
  address: "198.51.100.7",
  createdAt: "2026-11-26T05:30:40.000Z",
  lastSeenAt: "2026-11-26T08:15:00.000Z",
  expiresAt: "2026-11-26T13:30:40.000Z",
  current: false,
} satisfies SessionJson;

export const adminListSessions = defineEndpoint({
  operationId: "adminListSessions",
  method: "get",
  path: "/api/admin/sessions",
  summary: "Your console sessions that still stand (an ADMIN: anyone's)",
  auth: { operator: "own-account" },
  query: sessionListQuery,
  responses: { 200: { description: "The sessions.", body: sessionList } },
  examples: [
    {
      name: "mine",
      summary: "Signed in on a phone (this one) and on the shop's laptop",
      request: {},
      response: { status: 200, body: { sessions: [phone, laptop] } },
    },
    {
      name: "someone-else",
      summary: "Another operator's sessions need the ADMIN role",
      request: { query: { operatorId: ADMIN_ID } },
      response: {
        status: 403,
        body: {
          error: {
            code: "FORBIDDEN",
            message: "Only an administrator sees or ends another operator's sessions.",
          },
        },
      },
    },
  ],
});

export const adminEndSession = defineEndpoint({
  operationId: "adminEndSession",
  method: "delete",
  path: "/api/admin/sessions/{id}",
  summary: "Sign out one session",
  description:
    "It ends at once: its next request, from the browser or a copy of its token, is 401. Ending one " +
    "that already ended changes nothing. Ending another operator's (ADMIN) is audited.",
  auth: { operator: "own-account" },
  params: sessionParams,
  responses: { 200: { description: "The session, ended.", body: sessionRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "laptop",
      summary: "The laptop left signed in at the shop",
      request: { params: { id: OTHER_SESSION_ID } },
      response: {
        status: 200,
        body: { ...laptop, endedAt: "2026-11-26T09:42:03.000Z", endedReason: "ENDED_BY_OPERATOR" },
      },
    },
    {
      name: "unknown",
      summary: "A session that does not exist",
      request: { params: { id: "0193a5ff-ffff-7fff-bfff-ffffffffffff" } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such session." } } },
    },
  ],
});

export const adminEndOtherSessions = defineEndpoint({
  operationId: "adminEndOtherSessions",
  method: "post",
  path: "/api/admin/sessions/end-others",
  summary: "Sign out everywhere but here (an ADMIN: another operator everywhere)",
  description:
    "Ends every session of yours but the one this request came in. An ADMIN naming another operator " +
    "(`operatorId`) ends all of theirs, audited; their sign-in page then says an administrator signed " +
    "them out.",
  auth: { operator: "own-account" },
  query: sessionListQuery,
  responses: { 200: { description: "How many sessions ended.", body: endedOthers } },
  examples: [
    {
      name: "others",
      summary: "Two other sessions ended",
      request: {},
      response: { status: 200, body: { ended: 2 } },
    },
    {
      name: "someone-else",
      summary: "An ADMIN signs a colleague out of every browser",
      request: { query: { operatorId: OPERATOR_ID } },
      response: { status: 200, body: { ended: 3 } },
    },
    { name: "signed-out", summary: "Without a session", request: {}, response: signedOut },
  ],
});
