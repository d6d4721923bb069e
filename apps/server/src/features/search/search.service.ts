import {
  type DirectoryGroup,
  type FoundUser,
  SearchLimits,
  type SearchResult,
} from "@parley/protocol";
import { rateLimited } from "../../lib/errors.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { GlobalSearchInput } from "../messages/global-search.service.js";
import type { MessagesService } from "../messages/messages.service.js";
import type { PeopleService } from "../people/people.service.js";
import type { GroupsService } from "../groups/groups.service.js";

/** What the global search asks of other features (app.ts wires each one). */
export interface SearchPorts {
  messages: Pick<MessagesService, "searchEverywhere">;
  people: Pick<PeopleService, "search">;
  groups: Pick<GroupsService, "findGroups">;
}

/**
 * The global search (issue 45, docs/EXTENSIONS.md "Search"): the messages of every chat I
 * can read, and on the first page of a search by words alone the people and groups whose
 * names match, all in one answer.
 */
export class SearchService {
  constructor(
    private readonly ports: SearchPorts,
    private readonly searchesPerUser: Limiter,
  ) {}

  async search(
    userId: number,
    input: GlobalSearchInput,
    publicUrl: string,
  ): Promise<SearchResult> {
    const waitMs = await this.searchesPerUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs);
    const words = input.keywords ?? "";
    const namesToo =
      words !== "" &&
      !input.cursor &&
      input.from === undefined &&
      input.in === undefined &&
      input.type === undefined &&
      input.after === undefined &&
      input.before === undefined;
    // The messages first: they check that the caller is an active user.
    const found = await this.ports.messages.searchEverywhere(
      userId,
      input,
      publicUrl,
    );
    let people: FoundUser[] = [];
    let groups: DirectoryGroup[] = [];
    if (namesToo)
      [people, groups] = await Promise.all([
        this.ports.people
          .search(userId, words, publicUrl)
          .then((all) => all.slice(0, SearchLimits.namesMax)),
        this.ports.groups.findGroups(
          userId,
          words,
          SearchLimits.namesMax,
          publicUrl,
        ),
      ]);
    return { messages: found.hits, cursor: found.cursor, people, groups };
  }
}
