import { randomInt } from "node:crypto";
import { INVITE_LINK_DAYS } from "@parley/protocol";
import type { Clock } from "../../lib/clock.js";
import type { InvitationsRepository } from "./invitations.repository.js";

const DAY_MS = 86_400_000;
/** Invitation codes: 8 characters without look-alikes (0/O, 1/l/I). */
const INVITE_ALPHABET =
  "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";

/**
 * Invitations to register (registration by invitation, `regtype` 2): made by an
 * administrator in the console, checked by registration, forgotten by the scheduler once
 * past their end.
 */
export class InvitationsService {
  constructor(
    private readonly repo: InvitationsRepository,
    private readonly clock: Clock,
  ) {}

  /** A new invitation by `createdBy`, valid for INVITE_LINK_DAYS days. */
  async create(
    createdBy: number,
  ): Promise<{ code: string; expiresAt: number }> {
    const now = this.clock.now();
    const code = Array.from(
      { length: 8 },
      () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
    ).join("");
    const expiresAt = now + INVITE_LINK_DAYS * DAY_MS;
    await this.repo.insertInvite({
      code,
      created_by: createdBy,
      created_at: now,
      expires_at: expiresAt,
    });
    return { code, expiresAt };
  }

  /** Whether an invitation code is valid now. */
  valid(code: string): Promise<boolean> {
    return this.repo.inviteValid(code, this.clock.now());
  }

  /** Forgets invitations past their end (the scheduler's cleanup); answers how many. */
  forgetExpired(now: number): Promise<number> {
    return this.repo.deleteExpiredInvites(now);
  }
}
