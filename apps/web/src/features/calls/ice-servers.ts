import type { ChatInfo } from "@parley/protocol";

/**
 * The STUN/TURN servers of `chatInfo` (stun, stunUser, stunPass; several addresses may be
 * separated by commas). None configured: host candidates only, which serve a LAN; no public
 * server of a third party is asked, so nobody outside learns who calls whom.
 */
export function iceServersOf(
  chatInfo: Pick<ChatInfo, "stun" | "stunUser" | "stunPass"> | undefined,
): RTCIceServer[] {
  const urls = (chatInfo?.stun ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter((u) => /^(stun|stuns|turn|turns):/i.test(u));
  if (urls.length === 0) return [];
  return [
    {
      urls,
      ...(chatInfo?.stunUser
        ? { username: chatInfo.stunUser, credential: chatInfo.stunPass }
        : {}),
    },
  ];
}
