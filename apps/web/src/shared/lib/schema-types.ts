/**
 * The input and output types of a contract (zod 4) schema, without a zod dependency in the web:
 * a form holds `SchemaInput<typeof body>` (defaults still optional) and its submit handler gets
 * `SchemaOutput<typeof body>` — `useForm<SchemaInput<S>, unknown, SchemaOutput<S>>({ resolver:
 * zodResolver(S, …) })` needs no cast.
 */
interface ZodLike {
  _zod: { input: unknown; output: unknown };
}
export type SchemaInput<S extends ZodLike> = S['_zod']['input'];
export type SchemaOutput<S extends ZodLike> = S['_zod']['output'];
