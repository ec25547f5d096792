import { AlterTableNode, CreateIndexNode, IdentifierNode, SchemableIdentifierNode, SqliteQueryCompiler, TableNode } from 'kysely';

/**
 * SQLite has no schemas inside one database file. Each service still owns its tables: a table
 * of schema `scheduler` named `timers` is `scheduler_timers` here, the same queries as on
 * PostgreSQL (where it is `scheduler.timers`) with the schema folded into the name. Index names,
 * which PostgreSQL keeps per schema and SQLite per file, get the same prefix, and so does the new
 * name of a renamed table (which Kysely leaves without a schema, as PostgreSQL wants it).
 */
export class SchemaPrefixSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitSchemableIdentifier(node: SchemableIdentifierNode): void {
    if (!node.schema) return super.visitSchemableIdentifier(node);
    this.append(this.getLeftIdentifierWrapper());
    this.append(this.sanitizeIdentifier(`${node.schema.name}_${node.identifier.name}`));
    this.append(this.getRightIdentifierWrapper());
  }

  protected override visitCreateIndex(node: CreateIndexNode): void {
    const schema = node.table?.table.schema?.name;
    if (!schema) return super.visitCreateIndex(node);
    super.visitCreateIndex({ ...node, name: IdentifierNode.create(`${schema}_${node.name.name}`) });
  }

  protected override visitAlterTable(node: AlterTableNode): void {
    const schema = node.table.table.schema?.name;
    if (!schema || !node.renameTo) return super.visitAlterTable(node);
    super.visitAlterTable({ ...node, renameTo: TableNode.create(`${schema}_${node.renameTo.table.identifier.name}`) });
  }
}
