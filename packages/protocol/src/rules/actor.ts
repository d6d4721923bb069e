/*
 * Who acts, and the one rule every screen's routing guard asks (the console's): a module of
 * their own, so the sign-in page's script carries them without the capability table of
 * can.ts (issue 49, F1: tree-shaking keeps or drops a module's code for the whole build,
 * and the table is used by the chat).
 */

/** Who acts: a signed-in user, or a visitor (user 0, role 0). */
export interface Actor {
  readonly userId: number;
  /** 0 a normal user; above 0 a system administrator. */
  readonly role: number;
  /** Demo mode (from the environment): anyone may look at the console. */
  readonly demoMode: boolean;
}

/** A visitor: nobody is signed in. */
export function visitor(demoMode: boolean): Actor {
  return { userId: 0, role: 0, demoMode };
}

/** A system administrator (any role above 0). */
export const isStaff = (actor: Actor) => actor.role > 0;

/** The console's rule ("console.open" of can.ts): staff, or anyone in demo mode. */
export function mayOpenConsole(actor: Actor): boolean {
  return isStaff(actor) || actor.demoMode;
}
