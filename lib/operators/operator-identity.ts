// Who is acting on the console or its API: the operator behind a session or an API key.
import type { Grants } from "./roles/grants";

/**
 * Who is acting, with what their role grants as the database says now (the role's key, name,
 * permissions and the refund limits above which a refund waits for approval).
 */
export interface OperatorIdentity extends Grants {
  id: string;
  email: string;
  name: string;
  /** The role requires a second factor and the operator has none yet: they must enrol first. */
  mustEnrolSecondFactor: boolean;
  /** Set when the request came with one of the operator's API keys (lib/operators/api-keys/authenticate-api-key.ts). */
  apiKeyId?: string;
  /** The console session the request came in (lib/operators/sessions/operator-sessions.ts); none for an API key. */
  sessionId?: string;
}
