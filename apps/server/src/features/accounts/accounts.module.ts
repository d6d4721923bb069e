import { defineModule } from "../../context.js";
import { usersRepository } from "./accounts.repository.js";
import { registerAccountRoutes } from "./accounts.routes.js";
import { AccountsService } from "./accounts.service.js";
import { codesRepository } from "./codes.repository.js";
import { CodesService } from "./codes.service.js";
import { LoginTickets } from "./login-tickets.js";
import { WelcomeLinks } from "./welcome-links.js";
import { registerBotRoutes } from "./bots.routes.js";
import { botsRepository } from "./bots.repository.js";
import { sessionsRepository } from "./sessions.repository.js";
import { SessionsService } from "./sessions.service.js";
import type { AccountsPorts } from "./accounts.service.js";
import { invitationsRepository } from "./invitations.repository.js";
import { InvitationsService } from "./invitations.service.js";
import { profileRepository } from "./profile.repository.js";
import { userAdminRepository } from "./user-admin.repository.js";
import { registerUserAdminRoutes } from "./user-admin.routes.js";
import type { UserAdminPorts } from "./user-admin.service.js";

/** Registration, login, logout, verification codes, login tickets and sessions. */
export const accountsModule = defineModule(
  "accounts",
  (
    ctx,
    { groups, audit, erasure, system, signin }: AccountsPorts & UserAdminPorts,
  ) => {
    const { config } = ctx;
    const users = usersRepository(ctx.db);
    const sessions = new SessionsService(
      sessionsRepository(ctx.db),
      ctx.clock,
      ctx.sockets,
      ctx.changes,
    );
    const codes = new CodesService({
      repo: codesRepository(ctx.db),
      users,
      clock: ctx.clock,
      sender: ctx.mail,
      perAddress: ctx.limiter(
        "sendcode-ip",
        config.RATE_SENDCODE_IP,
        config.RATE_SENDCODE_WINDOW_S,
      ),
    });
    const tickets = new LoginTickets(ctx.keys);
    const loginPerAddress = ctx.limiter(
      "login-ip",
      config.RATE_LOGIN_IP,
      config.RATE_LOGIN_WINDOW_S,
    );
    const service = new AccountsService({
      users,
      sessions,
      codes,
      profile: profileRepository(ctx.db),
      invitations: new InvitationsService(
        invitationsRepository(ctx.db),
        ctx.clock,
      ),
      admin: {
        repo: userAdminRepository(ctx.db, erasure),
        groups,
        audit,
      },
      tickets,
      botsRepo: botsRepository(ctx.db),
      welcome: new WelcomeLinks({
        db: ctx.db,
        clock: ctx.clock,
        passwords: ctx.passwords,
        tickets,
        limits: { loginPerAddress },
      }),
      clock: ctx.clock,
      passwords: ctx.passwords,
      logger: ctx.logger,
      policy: ctx.policy,
      system,
      signin,
      changes: ctx.changes,
      checkHeld: ctx.checkHeld,
      limits: {
        loginPerAccount: ctx.limiter(
          "login-account",
          config.RATE_LOGIN_ACCOUNT,
          config.RATE_LOGIN_WINDOW_S,
        ),
        loginPerAddress,
        registerPerAddress: ctx.limiter(
          "register-ip",
          config.RATE_REGISTER_IP,
          config.RATE_REGISTER_WINDOW_S,
        ),
        ticketsPerUser: ctx.limiter(
          "ticket-user",
          config.RATE_TICKET_USER,
          config.RATE_TICKET_WINDOW_S,
        ),
      },
    });

    system.events.on("closed", () =>
      service.sessions.revokeNonAdmins("closed"),
    );
    return {
      service,
      register: (calls) => {
        registerAccountRoutes(calls, service);
        registerUserAdminRoutes(calls, service.admin);
        registerBotRoutes(calls, service.bots);
      },
    };
  },
);
