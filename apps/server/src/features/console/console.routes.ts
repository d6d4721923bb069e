import { ARTICLE_IMAGE_MAX_BYTES, manage } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ConsoleService } from "./console.service.js";
import { adminOf } from "../accounts/admin-of.js";

export function registerConsoleRoutes(
  registry: Calls,
  service: ConsoleService,
): void {
  registry.upload(
    manage.uploadImage,
    {
      // The most any purpose takes; the logo's own smaller limit is the service's.
      maxBytes: () => Promise.resolve(ARTICLE_IMAGE_MAX_BYTES),
      tooLarge: "articleImage.tooLarge",
    },
    async (input, ctx) => ({
      data: await service.uploadImage(
        adminOf(ctx),
        ctx.file?.data ?? null,
        input.purpose ?? "logo",
      ),
      key: "ok",
    }),
  );
  registry.register(manage.groupIndex, async (input, ctx) => {
    const { groups, count } = await service.groups(input, ctx.publicUrl);
    return { data: groups, count, page: input.page };
  });
  registry.register(manage.groupMembers, async (input, ctx) => {
    const { members, count } = await service.groupMembers(
      input.group_id,
      input.page,
      input.limit,
      ctx.publicUrl,
    );
    return { data: members, count, page: input.page };
  });
  registry.register(manage.groupAddMembers, async (input, ctx) => {
    await service.changeGroup(adminOf(ctx), input.group_id, {
      action: "group.addMembers",
      userIds: input.user_ids,
    });
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.groupRemoveMember, async (input, ctx) => {
    await service.changeGroup(adminOf(ctx), input.group_id, {
      action: "group.removeMember",
      userId: input.user_id,
    });
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.groupChangeOwner, async (input, ctx) => {
    await service.changeGroup(adminOf(ctx), input.group_id, {
      action: "group.changeOwner",
      userId: input.user_id,
    });
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.groupSetManager, async (input, ctx) => {
    await service.changeGroup(adminOf(ctx), input.group_id, {
      action: "group.setManager",
      userId: input.user_id,
      role: input.role,
    });
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.groupDel, async (input, ctx) => {
    await service.changeGroup(adminOf(ctx), input.group_id, {
      action: "group.delete",
    });
    return { data: "" as const, key: "ok" };
  });

  registry.register(manage.messageIndex, async (input, ctx) => {
    const { messages, count } = await service.messages(input, ctx.publicUrl);
    return { data: messages, count, page: input.page };
  });
  registry.register(manage.messageContacts, async (input, ctx) => {
    const { parties, count } = await service.parties(input, ctx.publicUrl);
    return { data: parties, count, page: input.page };
  });

  registry.register(manage.dashboard, async (input, ctx) => {
    const clientId = input.client_id?.trim();
    const listener = clientId
      ? { clientId, sessionId: requireSession(ctx).sessionId }
      : null;
    return { data: await service.dashboard(listener) };
  });

  registry.register(manage.getSettings, async (_input, ctx) => ({
    data: await service.allConfig(ctx.publicUrl),
  }));
  registry.register(manage.getInviteLink, async (_input, ctx) => ({
    data: await service.inviteLink(adminOf(ctx)),
  }));
  registry.register(manage.sendTestEmail, async (input, ctx) => {
    await service.sendTestEmail(adminOf(ctx), input.email);
    return { data: "" as const, key: "console.mailSent" };
  });
  registry.register(manage.sendTestSms, async (input, ctx) => {
    await service.sendTestSms(adminOf(ctx), input.phone, ctx.lang);
    return { data: "" as const, key: "console.smsSent" };
  });
}
