import type { Contact, ContactId, Message } from "@parley/protocol";

/** What decides whether a pushed message sounds. */
export interface ChimeContext {
  /** The signed-in user's id. */
  me: number;
  /** Their "new-message sound" setting (isVoice). */
  soundOn: boolean;
  /** The chat on screen, if any. */
  openChat: ContactId | null;
  /** Whether the tab is visible. */
  visible: boolean;
  /** My chat list as cached, to know a muted chat (is_notice 0). */
  contacts: readonly Contact[] | undefined;
}

/** Lines that are not someone writing to me: group events and call signalling. */
const SILENT_TYPES = new Set(["event", "webrtc"]);

/** The chat a message from someone else belongs to, from my side: the group, or its sender. */
export function chatOfIncoming(message: Message): ContactId | null {
  if (message.is_group === 1)
    return typeof message.toContactId === "string" ? message.toContactId : null;
  return message.from_user;
}

/**
 * Whether a pushed message plays the new-message sound (SPEC §2 Settings): the user wants
 * it; someone else wrote it; its chat is not the one on screen, or the tab is hidden; and
 * the chat is not muted. A chat not in my list yet (a first message) sounds.
 */
export function shouldChime(message: Message, ctx: ChimeContext): boolean {
  if (!ctx.soundOn || message.from_user === ctx.me) return false;
  if (SILENT_TYPES.has(message.type) || message.is_group === 2) return false;
  const chat = chatOfIncoming(message);
  if (chat === null) return false;
  if (ctx.visible && ctx.openChat === chat) return false;
  const contact = ctx.contacts?.find((c) => c.id === chat);
  return contact?.is_notice !== 0;
}

/** Two chimes closer than this sound once: a burst of messages is one notification. */
export const CHIME_GAP_MS = 1000;

let audio: AudioContext | null = null;
let lastChimeAt = Number.NEGATIVE_INFINITY;

/**
 * A short two-note tone made with the Web Audio API (no sound file to fetch). Browsers
 * keep audio silent until the page has had a click or key press; before that it is skipped.
 */
export function playChime(now: number = Date.now()): boolean {
  if (now - lastChimeAt < CHIME_GAP_MS) return false;
  if (typeof AudioContext === "undefined") return false;
  lastChimeAt = now;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.01;
    const notes = [
      { frequency: 880, at: 0 },
      { frequency: 1318.5, at: 0.12 },
    ];
    for (const note of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = note.frequency;
      const t0 = start + note.at;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.22);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(t0);
      oscillator.stop(t0 + 0.24);
    }
    return true;
  } catch {
    // No audio device, or the browser refused: a sound is a nicety, never an error.
    return false;
  }
}

/** For tests: forget the last chime. */
export function resetChime(): void {
  lastChimeAt = Number.NEGATIVE_INFINITY;
}
