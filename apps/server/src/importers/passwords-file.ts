import fs from "node:fs";
import { newPassword } from "../lib/ids.js";

/** A CSV field, quoted. */
const csv = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * Made-up passwords for users a source brings without one (`--passwords FILE`, issue 47):
 * each line (account, name, email, password) is appended to the file, made readable only
 * by its owner, before the user is stored, so a run killed in between lists one the next
 * run replaces (a later line of an account wins).
 */
export class PasswordsFile {
  constructor(
    private readonly file: string,
    private readonly hash: (password: string) => Promise<string>,
  ) {}

  /** A new password for the user, listed in the file; answers its hash. */
  async make(user: {
    account: string;
    realname: string;
    email?: string | undefined;
  }): Promise<string> {
    const password = newPassword();
    if (!fs.existsSync(this.file))
      fs.writeFileSync(this.file, "account,name,email,password\n", {
        mode: 0o600,
      });
    fs.appendFileSync(
      this.file,
      `${[user.account, user.realname, user.email ?? "", password].map(csv).join(",")}\n`,
    );
    return this.hash(password);
  }
}
