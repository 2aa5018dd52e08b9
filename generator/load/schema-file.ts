/**
 * The file name of the format's JSON Schema beside a spec (`generate --spec-schema`, `import-wsdl --out`). A module of
 * its own, so that the command line's help can name it without loading the schema (and zod).
 */
export const DEFAULT_SCHEMA_FILE = 'svc-spec.schema.json';
