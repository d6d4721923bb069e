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
 * Ids read at an older version than the one kept are not kept. Past MAX_IDS the groups
 * read longest ago are forgotten first.
 */
export class MemberLists {
  private readonly held = new Map<
    number,
    { version: number; ids: readonly number[] }
  >();
  private weight = 0;

  constructor(
    private readonly repo: MemberListsRepo,
    private readonly maxIds = MAX_IDS,
  ) {}

  /** Every member's id as of now: the list kept when its version is still the group's. */
  async memberIds(groupId: number): Promise<readonly number[]> {
    const kept = this.held.get(groupId);
    if (kept && (await this.repo.findMembersVersion(groupId)) === kept.version)
      return kept.ids;
    const read = await this.repo.listMemberIdsAt(groupId);
    this.keep(groupId, read);
    return read.ids;
  }

  private keep(
    groupId: number,
    read: { version: number; ids: readonly number[] },
  ): void {
    const kept = this.held.get(groupId);
    if (kept) {
      if (kept.version > read.version) return;
      this.held.delete(groupId);
      this.weight -= kept.ids.length;
    }
    if (read.version < 0 || read.ids.length > this.maxIds) return;
    this.held.set(groupId, read);
    this.weight += read.ids.length;
    for (const [oldest, entry] of this.held) {
      if (this.weight <= this.maxIds) break;
      this.held.delete(oldest);
      this.weight -= entry.ids.length;
    }
  }
}
