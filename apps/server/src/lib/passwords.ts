import { hash, verify } from "@node-rs/argon2";

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
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
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
