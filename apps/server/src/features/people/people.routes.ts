import { manage, PeopleLimits, people as calls } from "@parley/protocol";
import { mayWriteConsole } from "../accounts/admin-acts.js";
import { adminOf } from "../accounts/admin-of.js";
import type { Policy } from "../../context.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { PeopleService } from "./people.service.js";

export function registerPeopleRoutes(
  registry: Calls,
  people: PeopleService,
  policy: Policy,
): void {
  registry.register(calls.searchUser, async (input, ctx) => ({
    data: await people.search(
      requireSession(ctx).userId,
      input.keywords,
      ctx.publicUrl,
    ),
  }));
  registry.register(calls.userList, async (input, ctx) => ({
    data: await people.list(requireSession(ctx).userId, input, ctx.publicUrl),
  }));
  registry.register(calls.getUserInfo, async (input, ctx) => ({
    data: await people.card(requireSession(ctx).userId, input, ctx.publicUrl),
  }));
  registry.register(calls.getContactInfo, async (input, ctx) => ({
    data: await people.contact(
      requireSession(ctx).userId,
      input.id,
      ctx.publicUrl,
    ),
  }));
  registry.register(calls.updateUserInfo, async (input, ctx) => ({
    data: await people.updateProfile(requireSession(ctx).userId, input),
    key: "profile.saved",
  }));
  registry.register(calls.editpassword, async (input, ctx) => {
    const session = requireSession(ctx);
    await people.changePassword(session.userId, session.sessionId, input);
    return { data: "" as const, key: "password.changed" };
  });
  registry.register(calls.editAccount, async (input, ctx) => {
    const session = requireSession(ctx);
    await people.changeAccount(session.userId, session.sessionId, input);
    return { data: "" as const, key: "account.changed" };
  });
  registry.upload(
    calls.uploadAvatar,
    {
      maxBytes: () => Promise.resolve(PeopleLimits.avatarMaxBytes),
      tooLarge: "avatar.tooLarge",
    },
    async (_input, ctx) => ({
      data: await people.uploadAvatar(
        requireSession(ctx).userId,
        ctx.file?.data ?? null,
        ctx.publicUrl,
      ),
      key: "avatar.saved",
    }),
  );
  registry.upload(
    manage.botAvatar,
    {
      maxBytes: () => Promise.resolve(PeopleLimits.avatarMaxBytes),
      tooLarge: "avatar.tooLarge",
    },
    async (input, ctx) => {
      mayWriteConsole(policy, adminOf(ctx));
      return {
        data: await people.uploadBotAvatar(
          input.user_id,
          ctx.file?.data ?? null,
          ctx.publicUrl,
        ),
        key: "avatar.saved",
      };
    },
  );
}
