/** An archive that cannot be taken, or a database that cannot take it: nothing changed. */
export class ArchiveRefused extends Error {
  override name = "ArchiveRefused";
}
