import { applyDecorators, ValidationPipe } from '@nestjs/common';
import { IsBoolean, IsEmail, IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateBy, ValidationArguments, ValidationError, ValidatorOptions, getMetadataStorage } from 'class-validator';
import { FieldErrorBag, FieldMessages, reportInvalidCharacters } from '@app/domain';
import { FieldErrors, validationFailed } from './api-error';

const property = (args: ValidationArguments) => args.property;

/** Present and not blank (null, undefined and "" count as missing). */
export const Required = () =>
  ValidateBy({
    name: 'required',
    validator: {
      validate: (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === ''),
      defaultMessage: (args) => FieldMessages.required(property(args!)),
    },
  });
export const MustBeString = () => IsString({ message: (args) => FieldMessages.string(property(args)) });
export const MustBeBoolean = () => IsBoolean({ message: (args) => FieldMessages.boolean(property(args)) });
export const MustBeInteger = () => IsInt({ message: (args) => FieldMessages.integer(property(args)) });
export const MustBeObject = () => IsObject({ message: (args) => FieldMessages.object(property(args)) });
export const MustBeEmail = () => IsEmail({}, { message: (args) => FieldMessages.email(property(args)) });
/** An integer from min to max, both included (`The expires_in_hours field must be between 1 and 720.`). */
export const MustBeBetween = (min: number, max: number) =>
  applyDecorators(Min(min, { message: (args) => FieldMessages.between(property(args), min, max) }), Max(max, { message: (args) => FieldMessages.between(property(args), min, max) }));
export const AtMostCharacters = (max: number) => MaxLength(max, { message: (args) => FieldMessages.maxLength(property(args), max) });
/** A value of a set; the message names the set (`The selected role is invalid. Use admin, member or viewer.`). */
export const OneOf = (values: readonly string[]) => IsIn([...values], { message: (args) => FieldMessages.selectedInvalidAmong(property(args), values) });

/** Rules that make the others moot: a missing field is only "required", a number only "must be a string". */
const FIRST_RULES = ['required', 'isString', 'isBoolean', 'isInt', 'isObject'];

/** One message per field, the most basic rule it breaks. */
export function fieldErrorsOf(errors: ValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) {
    const constraints = error.constraints ?? {};
    const first = FIRST_RULES.find((rule) => rule in constraints);
    const message = first ? constraints[first] : Object.values(constraints)[0];
    if (message) fields[error.property] = [message];
  }
  return fields;
}

/**
 * Request DTOs are checked for invalid characters in every text they declare (nested settings
 * included), which no stored text may hold, and by class-validator; failures become the
 * contract's 422 body, all fields at once. A field with invalid characters is reported for them
 * alone, and kept away from the other rules (some validators throw on an unpaired surrogate).
 */
class ApiValidationPipe extends ValidationPipe {
  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const fields = object as Record<string, unknown>;
    const characters = new FieldErrorBag();
    for (const property of declaredProperties(object)) if (property in fields) reportInvalidCharacters(fields[property], property, characters);
    const invalid = Object.entries(characters.toJSON());
    const withInvalidText = new Set(invalid.map(([field]) => field.split('.', 1)[0]));
    for (const property of withInvalidText) delete fields[property];
    const errors = await super.validate(object, validatorOptions); // also strips the fields the DTO does not declare
    return [
      ...errors.filter((error) => !withInvalidText.has(error.property)),
      ...invalid.map(([field, messages]) => Object.assign(new ValidationError(), { property: field, constraints: { invalidCharacters: messages[0] } })),
    ];
  }
}

const declaredProperties = (object: object): Set<string> =>
  new Set(getMetadataStorage().getTargetValidationMetadatas(object.constructor, '', true, false).map((rule) => rule.propertyName));

export const apiValidationPipe = (): ValidationPipe =>
  new ApiValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => validationFailed(fieldErrorsOf(errors)),
  });
