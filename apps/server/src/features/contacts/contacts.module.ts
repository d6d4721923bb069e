import { defineModule } from "../../context.js";
import { registerContactRoutes } from "./contacts.routes.js";
import { ContactsService } from "./contacts.service.js";
import type { ContactsPorts } from "./contacts.service.js";

/** The contact list: getContacts. */
export const contactsModule = defineModule(
  "contacts",
  (ctx, ports: ContactsPorts) => {
    const service = new ContactsService({
      ...ports,
      presence: ctx.presence,
      changes: ctx.changes,
      clock: ctx.clock,
      checkHeld: ctx.checkHeld,
      settle: () => ctx.jobs.whenIdle(),
    });
    return {
      service,
      register: (calls) => registerContactRoutes(calls, service),
    };
  },
);
