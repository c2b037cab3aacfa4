/** The privacy module's paths: the member's data exports (docs/privacy.md "Export"). */
const seg = encodeURIComponent;

export const privacyPaths = {
  dataExports: '/api/users/me/data-exports',
  download: (id: string) => `/api/users/me/data-exports/${seg(id)}/download`,
} as const;
