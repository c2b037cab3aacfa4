/**
 * A table of error messages: a key (`area.what`) with its Korean and English text. Texts may
 * name parameters as `{{name}}`; they are filled from the error's params when rendered.
 */
export type ErrorTexts = Record<string, { readonly ko: string; readonly en: string }>;
