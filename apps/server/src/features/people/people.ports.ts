import type { PeopleService } from "./people.service.js";

/** People as another user sees them. */
export type PeopleLookup = Pick<PeopleService, "people">;
