import { defineModule } from "../../context.js";
import { peopleRepository } from "./people.repository.js";
import { registerPeopleRoutes } from "./people.routes.js";
import { PeopleService } from "./people.service.js";
import type { PeoplePorts } from "./people.service.js";

/** People: search, the user card, and a user's own profile, password, account and avatar. */
export const peopleModule = defineModule(
  "people",
  (ctx, ports: PeoplePorts) => {
    const service = new PeopleService({
      repo: peopleRepository(ctx.db),
      clock: ctx.clock,
      passwords: ctx.passwords,
      storage: ctx.storage,
      policy: ctx.policy,
      ...ports,
      publish: ctx.publish,
      demoMode: ctx.config.DEMO_MODE,
    });
    return {
      service,
      register: (calls) => {
        registerPeopleRoutes(calls, service, ctx.policy);
      },
    };
  },
);
