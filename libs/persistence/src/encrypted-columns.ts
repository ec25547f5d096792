/**
 * Columns of a service's table that hold values written by the SecretBox, declared beside the
 * service's migrations, so that the re-encrypt command finds every one of them (and moves them to
 * the current key) without knowing the services.
 */
export interface EncryptedColumns {
  schema: string;
  table: string;
  /** The primary key's columns: rows are read in this order and updated by it. */
  key: readonly string[];
  /** Text columns holding ciphertexts (null where nothing is stored). */
  columns: readonly string[];
}
