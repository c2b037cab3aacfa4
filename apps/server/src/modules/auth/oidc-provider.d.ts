// oidc-provider (a devDependency used by the social-login test) ships no type declarations.
declare module 'oidc-provider';
