/** The writing studio module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;
const studioDoc = (id: string) => `/api/studio/documents/${seg(id)}`;

export const studioPaths = {
  quota: '/api/studio/quota',
  analyses: '/api/studio/analyses',
  analysis: (id: string) => `/api/studio/analyses/${seg(id)}`,
  documents: '/api/studio/documents',
  document: studioDoc,
  documentAnalyses: (id: string) => `${studioDoc(id)}/analyses`,
  compare: (id: string) => `${studioDoc(id)}/compare`,
  draft: (id: string) => `${studioDoc(id)}/draft`,
  trials: '/api/studio/trials',
  trial: (id: string) => `/api/studio/trials/${seg(id)}`,
  claimTrial: (id: string) => `/api/studio/trials/${seg(id)}/claim`,
} as const;
