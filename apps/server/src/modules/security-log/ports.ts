/**
 * What the security log's upper layer (members' sessions) needs from the auth module's session
 * store. Declared here, implemented by auth's lower layer (`createAuthSessions`), handed in by the
 * composition root: the log never imports auth (auth writes to the log, so the import would
 * cycle).
 */
export interface LiveSession {
  id: string;
  method: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export interface MemberSessions {
  /** The user's sessions that are neither revoked nor expired, most recently used first. */
  listLiveSessions(userId: string): Promise<LiveSession[]>;
  /** End one live session of this user at once (every route, every instance); false if none. */
  revokeOwnSession(userId: string, sessionId: string, reason: string): Promise<boolean>;
  /** End every live session of the user but one; how many ended. */
  revokeUserSessions(userId: string, opts?: { exceptSessionId?: string | undefined; reason?: string }): Promise<number>;
}
