/**
 * Compares schema.prisma (through Prisma's own DMMF, from @prisma/prisma-schema-wasm) with a live
 * database: tables, columns, types, nullability, defaults, enums, indexes and foreign keys.
 * Returns one line per disagreement; an empty list means the migrations produce the schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wasm from '@prisma/prisma-schema-wasm';
import type pg from 'pg';

export const SCHEMA_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/schema.prisma');

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object';
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
  default?: unknown;
  isUpdatedAt?: boolean;
  relationFromFields?: string[];
  relationToFields?: string[];
}
interface DmmfModel { name: string; dbName: string | null; fields: DmmfField[] }
interface DmmfEnum { name: string; dbName?: string | null; values: { name: string; dbName?: string | null }[] }
interface DmmfIndex { model: string; type: 'id' | 'unique' | 'normal' | 'fulltext'; fields: { name: string }[] }
interface Dmmf { datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] } }

export function readDmmf(schemaText = readFileSync(SCHEMA_PATH, 'utf8')): Dmmf {
  return JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: schemaText }))) as Dmmf;
}

/** The information_schema rendering of a Prisma field's column type. */
function expectedType(field: DmmfField, enums: Map<string, string>): string {
  if (field.kind === 'enum') return `enum:${enums.get(field.type)}`;
  const [native, args] = field.nativeType ?? [null, []];
  const base = ((): string => {
    switch (field.type) {
      case 'String':
        if (native === 'VarChar') return `character varying(${args[0]})`;
        if (native === 'Uuid') return 'uuid';
        return 'text';
      case 'Int': return 'integer';
      case 'BigInt': return 'bigint';
      case 'Float': return 'double precision';
      case 'Boolean': return 'boolean';
      case 'Json': return native === 'Json' ? 'json' : 'jsonb';
      case 'DateTime':
        if (native === 'Timestamptz') return `timestamp with time zone(${args[0] ?? 6})`;
        return 'timestamp without time zone(3)';
      default: return `unsupported:${field.type}`;
    }
  })();
  return field.isList ? `${base}[]` : base;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  character_maximum_length: number | null;
  datetime_precision: number | null;
}

function actualType(column: ColumnRow): string {
  switch (column.data_type) {
    case 'USER-DEFINED': return `enum:${column.udt_name}`;
    case 'ARRAY': return `${column.udt_name === '_text' ? 'text' : column.udt_name.slice(1)}[]`;
    case 'character varying': return `character varying(${column.character_maximum_length})`;
    case 'timestamp with time zone':
    case 'timestamp without time zone': return `${column.data_type}(${column.datetime_precision})`;
    default: return column.data_type;
  }
}

/** Prisma defaults that live in the client, not in the database. */
function hasDatabaseDefault(field: DmmfField): boolean {
  if (field.default === undefined || field.default === null) return false;
  if (typeof field.default === 'object' && !Array.isArray(field.default)) {
    const name = (field.default as { name?: string }).name;
    return name !== 'uuid' && name !== 'cuid' && name !== 'nanoid' && name !== 'ulid';
  }
  return true;
}

export async function diffSchemaAgainstDatabase(client: pg.ClientBase, schemaText?: string): Promise<string[]> {
  const { datamodel } = readDmmf(schemaText);
  const problems: string[] = [];
  const enums = new Map(datamodel.enums.map((item) => [item.name, item.dbName ?? item.name]));

  const { rows: columns } = await client.query<ColumnRow>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, datetime_precision
       FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const { rows: tables } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const modelTables = new Set(datamodel.models.map((model) => model.dbName ?? model.name));
  for (const { table_name } of tables) {
    if (table_name !== '_prisma_migrations' && !modelTables.has(table_name)) problems.push(`table ${table_name} exists in the database but not in schema.prisma`);
  }

  const columnOf = (model: DmmfModel, field: DmmfField) => field.dbName ?? field.name;
  const tableOf = (model: DmmfModel) => model.dbName ?? model.name;

  for (const model of datamodel.models) {
    const table = tableOf(model);
    const tableColumns = columns.filter((column) => column.table_name === table);
    if (tableColumns.length === 0) {
      problems.push(`table ${table} (model ${model.name}) is missing from the database`);
      continue;
    }
    const scalarFields = model.fields.filter((field) => field.kind !== 'object');
    const expectedNames = new Set(scalarFields.map((field) => columnOf(model, field)));
    for (const column of tableColumns) {
      if (!expectedNames.has(column.column_name)) problems.push(`column ${table}.${column.column_name} exists in the database but not in schema.prisma`);
    }
    for (const field of scalarFields) {
      const name = columnOf(model, field);
      const column = tableColumns.find((candidate) => candidate.column_name === name);
      if (!column) {
        problems.push(`column ${table}.${name} (${model.name}.${field.name}) is missing from the database`);
        continue;
      }
      const want = expectedType(field, enums);
      const have = actualType(column);
      if (want !== have) problems.push(`column ${table}.${name}: schema.prisma says ${want}, database has ${have}`);
      const wantNullable = !field.isRequired;
      if (wantNullable !== (column.is_nullable === 'YES')) {
        problems.push(`column ${table}.${name}: schema.prisma says ${wantNullable ? 'nullable' : 'NOT NULL'}, database has ${column.is_nullable === 'YES' ? 'nullable' : 'NOT NULL'}`);
      }
      const wantDefault = hasDatabaseDefault(field);
      if (wantDefault !== (column.column_default !== null)) {
        problems.push(`column ${table}.${name}: schema.prisma ${wantDefault ? 'has' : 'has no'} database default, database ${column.column_default === null ? 'has none' : `has ${column.column_default}`}`);
      }
    }
  }

  // Enums and their values.
  const { rows: enumRows } = await client.query<{ typname: string; labels: string[] }>(
    `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = current_schema() GROUP BY t.typname`,
  );
  for (const item of datamodel.enums) {
    const dbName = item.dbName ?? item.name;
    const row = enumRows.find((candidate) => candidate.typname === dbName);
    const want = item.values.map((value) => value.dbName ?? value.name).join(',');
    if (!row) problems.push(`enum ${dbName} is missing from the database`);
    else if (row.labels.join(',') !== want) problems.push(`enum ${dbName}: schema.prisma says ${want}, database has ${row.labels.join(',')}`);
  }

  // Indexes: primary keys, unique and plain indexes, compared as (kind, column list) per table.
  // Expression indexes (the admin list's GIN over to_tsvector(name)) are left out: schema.prisma cannot
  // declare them, so, like CHECK constraints and triggers, they live only in the SQL migrations.
  const { rows: indexRows } = await client.query<{ table_name: string; is_primary: boolean; is_unique: boolean; columns: string[] }>(
    `SELECT c.relname AS table_name, i.indisprimary AS is_primary, i.indisunique AS is_unique,
            array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND i.indexprs IS NULL`,
  );
  const key = (table: string, kind: string, cols: string[]) => `${table}:${kind}(${cols.join(',')})`;
  const actualIndexes = new Set(
    indexRows
      .filter((row) => row.table_name !== '_prisma_migrations')
      .map((row) => key(row.table_name, row.is_primary ? 'primary' : row.is_unique ? 'unique' : 'index', row.columns)),
  );
  const expectedIndexes = new Set<string>();
  for (const index of datamodel.indexes) {
    const model = datamodel.models.find((candidate) => candidate.name === index.model)!;
    const cols = index.fields.map((ref) => columnOf(model, model.fields.find((field) => field.name === ref.name)!));
    expectedIndexes.add(key(tableOf(model), index.type === 'id' ? 'primary' : index.type === 'unique' ? 'unique' : 'index', cols));
  }
  for (const item of expectedIndexes) if (!actualIndexes.has(item)) problems.push(`index ${item} is in schema.prisma but missing from the database`);
  for (const item of actualIndexes) if (!expectedIndexes.has(item)) problems.push(`index ${item} exists in the database but not in schema.prisma`);

  // Foreign keys declared by relation fields.
  const { rows: fkRows } = await client.query<{ table_name: string; columns: string[]; foreign_table: string }>(
    `SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS foreign_table,
            array(SELECT a.attname FROM unnest(c.conkey) k(attnum) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum)::text[] AS columns
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  const actualFks = new Set(fkRows.map((row) => `${row.table_name.replaceAll('"', '')}(${row.columns.join(',')})->${row.foreign_table.replaceAll('"', '')}`));
  const expectedFks = new Set<string>();
  for (const model of datamodel.models) {
    for (const field of model.fields) {
      if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
      const target = datamodel.models.find((candidate) => candidate.name === field.type)!;
      const cols = field.relationFromFields.map((name) => columnOf(model, model.fields.find((candidate) => candidate.name === name)!));
      expectedFks.add(`${tableOf(model)}(${cols.join(',')})->${tableOf(target)}`);
    }
  }
  for (const item of expectedFks) if (!actualFks.has(item)) problems.push(`foreign key ${item} is in schema.prisma but missing from the database`);
  for (const item of actualFks) if (!expectedFks.has(item)) problems.push(`foreign key ${item} exists in the database but not in schema.prisma`);

  return problems;
}
