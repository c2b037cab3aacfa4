/**
 * Request validation: the zod validator of fastify-type-provider-zod, with one house rule on top
 * (issue 12 item 9): an absent body is read as `{}`, so a route whose body fields are all optional
 * accepts it (SPEC §7 names no body for calls like `POST /api/users/me/deactivate`).
 * An empty body sent with `Content-Type: application/json` counts as absent too. The OpenAPI
 * document marks those request bodies `required: false` (`markOptionalBodies`).
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * True when the schema's root is an object (so an absent body reads as `{}`): `{}` either passes,
 * or fails only on properties or refinements, never on the root's type.
 */
function isObjectSchema(schema: unknown): boolean {
  const s = schema as Partial<ZodType>;
  if (typeof s?.safeParse !== 'function') return false;
  try {
    const r = s.safeParse({});
    return r.success || !r.error.issues.some((i) => i.path.length === 0 && i.code === 'invalid_type');
  } catch {
    return false;
  }
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  // An absent body (Fastify gives null) is validated as `{}` on an object schema: optional
  // fields pass, required ones are named as missing (VAL-2003), a refinement answers as for `{}`.
  const absent = isObjectSchema(route.schema) ? {} : undefined;
  return (data) => validate(data === undefined || data === null ? absent : data);
};

/** JSON bodies through Fastify's own (prototype-poisoning-safe) parser; an empty one is absent. */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

type OpenApiDoc = {
  paths?: Record<string, Record<string, { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } }>>;
};

/** swagger `transformObject`: a request body none of whose properties is required is optional. */
export function markOptionalBodies<T>(doc: T): T {
  const paths = (doc as OpenApiDoc).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      const rb = op?.requestBody;
      const schema = rb?.content?.['application/json']?.schema as { type?: string; required?: string[] } | undefined;
      if (rb && schema?.type === 'object' && (schema.required ?? []).length === 0) rb.required = false;
    }
  }
  return doc;
}
