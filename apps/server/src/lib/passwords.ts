import { createHash, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * A password hash brought from Raingad (issue 47, extensions.md §8): its
 * `md5(salt . password . salt)` in hex with its salt, kept until the user's first login
 * rehashes it with argon2id.
 */
const RAINGAD = /^raingad-md5\$([^$]*)\$([0-9a-f]{32})$/;

/** Raingad's stored password (`yu_user.password`, `yu_user.salt`) as Parley stores it. */
export function raingadPasswordHash(salt: string, md5Hex: string): string {
  return `raingad-md5$${salt}$${md5Hex.toLowerCase()}`;
}

/** Raingad's check (`password_hash_tp`): md5 of salt, password, salt. */
function raingadMatches(
  salt: string,
  md5Hex: string,
  password: string,
): boolean {
  const made = createHash("md5")
    .update(salt + password + salt, "utf8")
    .digest();
  return timingSafeEqual(made, Buffer.from(md5Hex, "hex"));
}

/** argon2id cost; tests lower it so suites do not crawl (decisions.md). */
export interface PasswordCost {
  memoryKib: number;
  timeCost: number;
}

/** Hashes and checks passwords with argon2id (the library's default algorithm). */
export class Passwords {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: PasswordCost) {}

  hash(password: string): Promise<string> {
    return hash(password, {
      memoryCost: Math.max(this.cost.memoryKib, 8),
      timeCost: Math.max(this.cost.timeCost, 1),
      parallelism: 1,
    });
  }

  async verify(stored: string, password: string): Promise<boolean> {
    const raingad = RAINGAD.exec(stored);
    if (raingad) {
      // The same work as an argon2 check, so the answer's timing says nothing of the kind.
      await this.verifyNothing(password);
      return raingadMatches(raingad[1] ?? "", raingad[2] ?? "", password);
    }
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /** Whether a hash that just matched should be made again with argon2id (an imported one). */
  needsRehash(stored: string): boolean {
    return RAINGAD.test(stored);
  }

  /**
   * Spends the same work as a real check, for an account that does not exist, so the
   * answer's timing does not tell whether it does.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash("parley-dummy-password");
    await this.verify(await this.dummy, password);
    return false;
  }
}
