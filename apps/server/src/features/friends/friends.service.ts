import type { FriendsRepository } from "./friends.repository.js";

/**
 * The friend graph (run mode 2) as other features read it. The friend calls themselves
 * (add, index, update, del, setNickname) arrive with the people issue.
 */
export class FriendsService {
  constructor(private readonly repo: FriendsRepository) {}

  /** Whether each of the two has the other as a friend; pending or refused is not. */
  async areFriends(a: number, b: number): Promise<boolean> {
    return (await this.repo.countFriendLinks(a, b)) >= 2;
  }

  /** The ids of a user's friends. */
  friendIds(userId: number): Promise<number[]> {
    return this.repo.listFriendIds(userId);
  }

  /** The nicknames a user gave their friends, by friend id. */
  nicknames(userId: number): Promise<Map<number, string>> {
    return this.repo.listNicknames(userId);
  }
}
