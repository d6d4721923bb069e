import { defineModule } from "../../context.js";
import { registerContactRoutes } from "./contacts.routes.js";
import { ContactsService } from "./contacts.service.js";
import type { ContactsPorts } from "./contacts.service.js";

/** The contact list: getContacts. */
export const contactsModule = defineModule(
  "contacts",
  (ctx, { articles, ...ports }: ContactsPorts) => {
    const service = new ContactsService({
      ...ports,
      presence: ctx.presence,
      changes: ctx.changes,
      clock: ctx.clock,
      checkHeld: ctx.checkHeld,
      settle: () => ctx.jobs.whenIdle(),
    });
    // What lists show changed with no event to their users: they are read again.
    const anyone = () => service.changed(null);
    ports.accounts.events.on("created", anyone);
    articles.events.on("changed", anyone);
    ports.friends.events.on("changed", ({ userIds }) =>
      service.changed(userIds),
    );
    ports.messages.events.on("read", ({ userId }) => service.changed([userId]));
    ports.notices.events.on("read", ({ userId }) => service.changed([userId]));
    return {
      service,
      register: (calls) => registerContactRoutes(calls, service),
    };
  },
);
