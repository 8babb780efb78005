/**
 * Runs a query built with Kysely as a named prepared statement: PostgreSQL parses and plans its text once per
 * connection instead of on every request. For hot reads whose text comes in a few shapes only (the values are
 * parameters): each distinct text stays prepared on every pooled connection, so a text that varies with its input
 * (an IN list of varying length, a schema per client) must not come here; past `MAX_PREPARED` texts this process runs
 * the rest unnamed, so a mistake costs planning time, never the database's memory.
 */
import { createHash } from 'node:crypto';
import type { Compilable } from 'kysely';
import { type Db, poolOf } from './database';

const MAX_PREPARED = 200;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

export async function executePrepared<Row>(db: Db, query: Compilable<Row>): Promise<Row[]> {
  const { sql: text, parameters } = query.compile();
  const name = statementName(text);
  const { rows } = await poolOf(db).query({ ...(name ? { name } : {}), text, values: [...parameters] });
  return rows as Row[];
}
