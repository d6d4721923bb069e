import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import getPort from "get-port";
import mysql from "mysql2/promise";

/*
 * A real MariaDB for the Raingad importer's tests (issue 47): Debian's `mariadbd` on a
 * loopback port with a data folder made for the run (`.ci/run`, scripts/stages.mjs,
 * installs mariadb-server when a machine lacks it), and Raingad's tables as its public
 * schema has them (`public/sql/database.sql` of the PHP server with its 5.2 and 5.3
 * upgrades: the columns the importer reads, with their types).
 */

export interface OwnMariaDb {
  /** mysql://root@127.0.0.1:<port>/ */
  url: string;
  /** A fresh database with Raingad's tables; answers its URL. */
  raingadDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const SERVER = ["/usr/sbin/mariadbd", "/usr/sbin/mysqld"].find((file) =>
  fs.existsSync(file),
);
const INSTALL = [
  "/usr/bin/mariadb-install-db",
  "/usr/bin/mysql_install_db",
].find((file) => fs.existsSync(file));

/** Raingad's tables (utf8mb4; times in seconds; JSON columns). */
export const RAINGAD_SCHEMA = [
  `create table yu_config (id int not null auto_increment primary key,
    name varchar(128) default null, value json default null,
    create_user int not null default 0, update_time int not null default 0,
    create_time int not null default 0, remark varchar(191) default null,
    status tinyint(1) not null default 1)`,
  `create table yu_file (file_id int not null auto_increment primary key,
    cate tinyint(1) not null default 9, file_type varchar(128) default null,
    parent_id int not null default 0, name varchar(191) default null,
    src varchar(191) default null, size int default 0, ext varchar(16) default null,
    md5 varchar(32) default null, user_id int not null default 0,
    create_time int not null default 0, update_time int not null default 0,
    delete_time int not null default 0, status tinyint(1) not null default 1,
    is_lock tinyint(1) not null default 0)`,
  `create table yu_friend (friend_id int not null auto_increment primary key,
    friend_user_id varchar(32) default null, nickname varchar(191) default null,
    is_invite tinyint(1) not null default 0, is_top tinyint(1) not null default 0,
    is_notice tinyint(1) not null default 1, create_user int not null default 0,
    update_time int not null default 0, create_time int not null default 0,
    delete_time int not null default 0, remark varchar(255) default null,
    status tinyint(1) not null default 1)`,
  `create table yu_group (group_id int not null auto_increment primary key,
    name varchar(64) not null, name_py varchar(64) default null,
    avatar varchar(191) default null, level tinyint(1) not null default 1,
    create_user int not null default 0, create_time int not null default 0,
    owner_id int not null default 0, is_public tinyint(1) not null default 0,
    notice mediumtext, setting mediumtext, status tinyint(1) not null default 1,
    delete_time int not null default 0)`,
  `create table yu_group_user (id int not null auto_increment primary key,
    group_id int not null default 0, user_id int not null default 0,
    role tinyint(1) not null default 2, invite_id int not null default 0,
    create_time int not null default 0, unread int not null default 0,
    is_notice tinyint(1) not null default 1, is_top tinyint(1) not null default 0,
    no_speak_time int not null default 0, status tinyint(1) not null default 1,
    delete_time int not null default 0)`,
  `create table yu_message (msg_id int not null auto_increment primary key,
    id varchar(36) default null, from_user int not null default 0,
    to_user int not null default 0, content text, chat_identify varchar(64) default null,
    type varchar(32) not null default 'text', is_group tinyint(1) not null default 0,
    is_read tinyint(1) not null default 0, is_last tinyint(1) not null default 1,
    create_time int(13) not null default 0, is_undo tinyint(1) not null default 0,
    at text, pid int default 0, file_id int not null default 0,
    file_cate tinyint(1) not null default 0, file_size int not null default 0,
    file_name varchar(191) default null, extends json default null,
    status tinyint(1) not null default 1, del_user text)`,
  `create table yu_emoji (id int not null auto_increment primary key,
    user_id int not null default 0, type tinyint(1) not null default 1,
    name varchar(255) default null, src varchar(255) default null,
    file_id int not null default 0, create_time int not null default 0,
    update_time int not null default 0, delete_time int not null default 0,
    status tinyint(1) not null default 1)`,
  `create table yu_user (user_id int not null auto_increment primary key,
    account char(32) not null unique, realname varchar(191) default null,
    password char(32) not null, salt varchar(4) default null,
    avatar varchar(128) default null, email varchar(50) default null,
    sex tinyint(1) not null default 2, role tinyint(1) not null default 0, motto text,
    remark varchar(191) default null, name_py varchar(64) default null,
    cs_uid int not null default 0, setting json default null,
    group_limit int not null default 0, friend_limit int not null default 0,
    create_time int unsigned not null, update_time int unsigned default null,
    login_count mediumint unsigned default 0, is_auth tinyint(1) not null default 0,
    last_login_time int unsigned default 0, last_login_ip char(15) default null,
    register_ip varchar(32) default null, delete_time int unsigned not null default 0,
    status tinyint(1) unsigned default 1)`,
];

/** Starts a MariaDB of the test's own; throws when the machine has none. */
export async function startMariaDb(): Promise<OwnMariaDb> {
  if (!SERVER || !INSTALL)
    throw new Error(
      "MariaDB is not installed (apt-get install mariadb-server; .ci/run does it)",
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-mariadb-"));
  const data = path.join(dir, "data");
  execFileSync(
    INSTALL,
    [
      "--no-defaults",
      `--datadir=${data}`,
      "--auth-root-authentication-method=normal",
      "--user=root",
      "--skip-test-db",
    ],
    { stdio: "ignore" },
  );
  const port = await getPort({ host: "127.0.0.1" });
  const child: ChildProcess = spawn(
    SERVER,
    [
      "--no-defaults",
      `--datadir=${data}`,
      `--socket=${path.join(dir, "sock")}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      "--user=root",
      "--skip-log-bin",
      "--innodb-buffer-pool-size=32M",
      `--pid-file=${path.join(dir, "pid")}`,
      "--character-set-server=utf8mb4",
      "--collation-server=utf8mb4_unicode_ci",
    ],
    { stdio: "ignore" },
  );
  const url = `mysql://root@127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const connection = await mysql.createConnection(url);
      await connection.end();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`MariaDB did not start: ${String(error)}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async raingadDatabase(name) {
      const connection = await mysql.createConnection(url);
      try {
        await connection.query(
          `create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`,
        );
        await connection.query(`use \`${name}\``);
        for (const statement of RAINGAD_SCHEMA)
          await connection.query(statement);
      } finally {
        await connection.end();
      }
      return `${url}${name}`;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
