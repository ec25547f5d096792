import { FieldMessages, isAbsent, isFields, OptionErrors, PlatformAccount } from '@app/domain';
import type { OptionField } from './option-fields';

/** The fields of a platform's options, by name. */
export type OptionsSchema = Readonly<Record<string, OptionField<unknown>>>;

/** The typed options a schema reads: each field's value, or its default. */
export type OptionsOf<S extends OptionsSchema> = { -readonly [K in keyof S]: S[K] extends OptionField<infer T> ? T : never };

/** Reads options as publishing takes them: each field of its type, else its default; fields the schema does not name are left out. */
export function readOptions<S extends OptionsSchema>(schema: S, options: unknown): OptionsOf<S> {
  const given = isFields(options) ? options : {};
  const read: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema)) read[name] = field.parse(given[name]);
  return read as OptionsOf<S>;
}

/**
 * The faults of the options a version carries for a platform, for an account: under `''` when
 * they are not an object (named after the provider), else under each field. Absent options are an
 * empty object, so that required fields are reported. Fields the schema does not name are ignored.
 */
export function optionErrorsOf(schema: OptionsSchema, provider: string, options: unknown, account: PlatformAccount): OptionErrors {
  if (!isAbsent(options) && !isFields(options)) return { '': [FieldMessages.object(provider)] };
  const given = isFields(options) ? options : {};
  const errors: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(schema)) {
    const fault = field.fault(given[name], name, account);
    if (fault !== null) errors[name] = [fault];
  }
  return errors;
}
