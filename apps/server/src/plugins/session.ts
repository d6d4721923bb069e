import type { Language } from "@parley/protocol";

/** The caller as a valid session identifies them. */
export interface SessionContext {
  readonly sessionId: number;
  readonly userId: number;
  readonly role: number;
  readonly lang: Language | null;
}

/** Turns a presented token into a session, or throws the -1 refusal that fits. */
export interface SessionResolver {
  resolve(token: string): Promise<SessionContext>;
}
