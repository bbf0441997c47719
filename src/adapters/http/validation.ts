import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Two validators. Bodies are JSON and must carry the right types as sent: `"volume": "5"`
 * is a parameter error, not 5. Query strings and path parameters are text by nature and
 * are coerced (`?depth=5` is the integer 5). Defaults from the schemas are filled in both.
 */
const shared: Options = { useDefaults: true, allErrors: false, strict: false, removeAdditional: false };
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const textAjv = new Ajv({ ...shared, coerceTypes: 'array' });

export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    return ajv.compile(schema as object) as (data: unknown) => boolean;
  });
}
