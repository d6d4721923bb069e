import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import getPort from "get-port";
import { generate } from "selfsigned";

/*
 * A real directory server for the LDAP tests (issue 46): Debian's OpenLDAP `slapd` on
 * loopback ports, plain (with StartTLS) and ldaps, its certificate made for the run, the
 * tree seeded with slapadd before it starts. `.ci/run` (scripts/stages.mjs) installs slapd
 * when a machine lacks it.
 */

export const LDAP_BASE = "dc=parley,dc=test";
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_BASE}`;
export const LDAP_ADMIN_PASSWORD = "directory-secret";

/** A person of the seeded tree: uid, names, mail and password. */
export interface DirectoryPerson {
  uid: string;
  cn: string;
  displayName?: string;
  mail: string;
  password: string;
}

export interface OwnDirectory {
  /** ldap://127.0.0.1:<port> (StartTLS offered). */
  url: string;
  /** ldaps://127.0.0.1:<port>. */
  secureUrl: string;
  /** The certificate the server presents (self-signed): the CA to trust. */
  ca: string;
  stop(): Promise<void>;
}

const SLAPD = "/usr/sbin/slapd";
const SLAPADD = "/usr/sbin/slapadd";

function ldif(people: readonly DirectoryPerson[]): string {
  const entries = [
    `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: parley\no: Parley Test`,
    `dn: ou=people,${LDAP_BASE}\nobjectClass: organizationalUnit\nou: people`,
    ...people.map((p) =>
      [
        `dn: uid=${p.uid},ou=people,${LDAP_BASE}`,
        "objectClass: inetOrgPerson",
        `uid: ${p.uid}`,
        `cn: ${p.cn}`,
        `sn: ${p.cn}`,
        // Values beyond ASCII are base64 in LDIF (`::`).
        ...(p.displayName
          ? [`displayName:: ${Buffer.from(p.displayName).toString("base64")}`]
          : []),
        `mail: ${p.mail}`,
        `userPassword: ${p.password}`,
      ].join("\n"),
    ),
  ];
  return `${entries.join("\n\n")}\n`;
}

async function listening(port: number): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (attempt > 200) throw new Error(`slapd did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts slapd with these people in `ou=people,dc=parley,dc=test`. */
export async function startDirectory(
  people: readonly DirectoryPerson[],
): Promise<OwnDirectory> {
  if (!fs.existsSync(SLAPD))
    throw new Error(
      "slapd is missing: apt-get install slapd (scripts/stages.mjs installs it)",
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-ldap-"));
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    algorithm: "sha256",
    extensions: [
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  fs.writeFileSync(path.join(dir, "cert.pem"), pems.cert);
  fs.writeFileSync(path.join(dir, "key.pem"), pems.private);
  fs.mkdirSync(path.join(dir, "db"));
  const conf = path.join(dir, "slapd.conf");
  fs.writeFileSync(
    conf,
    [
      "include /etc/ldap/schema/core.schema",
      "include /etc/ldap/schema/cosine.schema",
      "include /etc/ldap/schema/inetorgperson.schema",
      `pidfile ${path.join(dir, "slapd.pid")}`,
      "modulepath /usr/lib/ldap",
      "moduleload back_mdb",
      `TLSCertificateFile ${path.join(dir, "cert.pem")}`,
      `TLSCertificateKeyFile ${path.join(dir, "key.pem")}`,
      "database mdb",
      "maxsize 10485760",
      `directory ${path.join(dir, "db")}`,
      `suffix "${LDAP_BASE}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      "access to attrs=userPassword by anonymous auth by * none",
      "access to * by * read",
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(dir, "seed.ldif"), ldif(people));
  execFileSync(SLAPADD, ["-f", conf, "-l", path.join(dir, "seed.ldif")], {
    stdio: "pipe",
  });
  const [plainPort, securePort] = [
    await getPort({ host: "127.0.0.1" }),
    await getPort({ host: "127.0.0.1" }),
  ];
  const url = `ldap://127.0.0.1:${plainPort}`;
  const secureUrl = `ldaps://127.0.0.1:${securePort}`;
  // -d keeps it in the foreground (a child the test owns); 0 logs nothing.
  const child: ChildProcess = spawn(
    SLAPD,
    ["-f", conf, "-h", `${url}/ ${secureUrl}/`, "-d", "0"],
    { stdio: "ignore" },
  );
  await Promise.all([listening(plainPort), listening(securePort)]);
  return {
    url,
    secureUrl,
    ca: pems.cert,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
