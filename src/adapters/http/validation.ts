import { Ajv, type ErrorObject, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Two validators. Bodies are JSON and must carry the right types as sent: `"volume": "5"`
 * is a parameter error, not 5. Query strings and path parameters are text by nature and
 * are coerced (`?depth=5` is the integer 5). Defaults from the schemas are filled in both.
 */
const shared: Options = { useDefaults: true, allErrors: false, strict: false, removeAdditional: false };
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const textAjv = new Ajv({ ...shared, coerceTypes: 'array' });

/**
 * A number as a query string writes one. Ajv coerces with JavaScript's Number(), which
 * takes " " as 0 and "0x4" as 4: `?period=%20` answered daily candles. Numeric query and
 * path values must be decimal text, checked before the coercion.
 */
const DECIMAL = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export function installValidation(app: FastifyInstance): void {
  // Every API route checks its query string, even one that takes no parameters: a
  // parameter the route does not know is refused, not ignored. An operator who asked for
  // `?search=stu12` on a route without a search was shown every account, unfiltered.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/health') return;
    route.schema ??= {};
    route.schema.querystring ??= { type: 'object', properties: {} };
  });
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) => {
    if (httpPart === 'body') return bodyAjv.compile(schema as object) as Validator;
    const validate = strictNumbers(textAjv.compile(schema as object) as Validator, numericProperties(schema));
    return httpPart === 'querystring' ? knownNamesOnly(validate, Object.keys(declaredProperties(schema))) : validate;
  });
}

function declaredProperties(schema: FastifySchema): Record<string, { type?: unknown }> {
  return (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
}

/** Refuses a query parameter the schema does not declare, naming those it does. */
function knownNamesOnly(validate: Validator, known: readonly string[]): Validator {
  const checked: Validator = (data) => {
    for (const name of Object.keys((data as Record<string, unknown> | null | undefined) ?? {})) {
      if (known.includes(name)) continue;
      const takes = known.length === 0 ? 'this route takes no parameters' : `this route takes ${known.join(', ')}`;
      checked.errors = [{ instancePath: '', schemaPath: '#/additionalProperties', keyword: 'additionalProperties', params: { additionalProperty: name, takes }, message: takes }];
      return false;
    }
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  return checked;
}

/** The top-level properties a query or path schema declares as numbers. */
function numericProperties(schema: FastifySchema): string[] {
  return Object.entries(declaredProperties(schema))
    .filter(([, property]) => property.type === 'integer' || property.type === 'number')
    .map(([name]) => name);
}

function strictNumbers(validate: Validator, names: readonly string[]): Validator {
  if (names.length === 0) return validate;
  const checked: Validator = (data) => {
    const values = data as Record<string, unknown> | null | undefined;
    for (const name of names) {
      const raw = values?.[name];
      const texts = Array.isArray(raw) ? raw : [raw];
      if (texts.some((text) => typeof text === 'string' && !DECIMAL.test(text))) {
        const type = 'a decimal number';
        checked.errors = [{ instancePath: `/${name}`, schemaPath: '#/properties', keyword: 'type', params: { type }, message: `must be ${type}` }];
        return false;
      }
    }
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  return checked;
}
