import { systemClock } from "../../lib/clock.js";
import { Held } from "../../lib/held.js";

/** What member lists read: a group's ids with their version, and the version alone. */
export interface MemberListsRepo {
  listMemberIdsAt(groupId: number): Promise<{ version: number; ids: number[] }>;
  findMembersVersion(groupId: number): Promise<number>;
}

/** Member ids this process keeps at most, over all groups (about 8 bytes each). */
const MAX_IDS = 1_000_000;

/**
 * Each group's member ids as this process last read them, with the group's
 * `members_version` they were read at (migration 0017: the database's own triggers change
 * it with every member in or out, whatever the connection or process). A send's push asks
 * for the version alone, one row by the primary key, and reads the members again only
 * when it has changed, so a member removed is left out of the next push on every process,
 * as when the list was read each time (issue 14: W1a read 50 rows per message, W1b 10,000).
 *
 * Held with `lib/held.ts`: a read overtaken by a later one of the same group is not kept,
 * and past MAX_IDS the groups read longest ago go first. No read-again time: the version,
 * not the clock, says when a list is old.
 */
export class MemberLists {
  private readonly held: Held<number, { version: number; ids: number[] }>;

  constructor(
    private readonly repo: MemberListsRepo,
    maxIds = MAX_IDS,
  ) {
    this.held = new Held({
      clock: systemClock,
      readAgainMs: Number.POSITIVE_INFINITY,
      maxWeight: maxIds,
      weigh: (list) => list.ids.length,
    });
  }

  /** Every member's id as of now: the list kept when its version is still the group's. */
  async memberIds(groupId: number): Promise<readonly number[]> {
    const kept = this.held.fresh(groupId);
    if (kept && (await this.repo.findMembersVersion(groupId)) === kept.version)
      return kept.ids;
    const read = await this.held.read(
      groupId,
      () => this.repo.listMemberIdsAt(groupId),
      // A missing group (-1) is not kept.
      (list) => list.version >= 0,
    );
    return read.ids;
  }
}
