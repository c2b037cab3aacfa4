/**
 * The API paths the web calls (SPEC §7), one table per server module, so a path is written once
 * and a renamed route is one edit. Path segments taken from data are URI-encoded.
 * Sections not moved here yet still write their paths in their feature's api file (see
 * docs/web-api.md, "Typed calls").
 */
const seg = encodeURIComponent;

const study = (id: string) => `/api/studies/${seg(id)}`;

export const apiPaths = {
  studies: {
    /** GET ?q&type&…&limit: an array; POST: propose */
    root: '/api/studies',
    /** GET: Spring-style page */
    paged: '/api/studies/paged',
    /** GET ?format=grouped|type */
    my: '/api/studies/my',
    myMemberships: '/api/studies/my/memberships',
    byId: study,
    bySlug: (slug: string) => `/api/studies/slug/${seg(slug)}`,
    applications: (id: string) => `${study(id)}/applications`,
    application: (id: string, applicationId: string) => `${study(id)}/applications/${seg(applicationId)}`,
    decide: (id: string, applicationId: string, decision: 'accept' | 'reject') =>
      `${study(id)}/applications/${seg(applicationId)}/${decision}`,
    members: (id: string) => `${study(id)}/members`,
    memberRole: (id: string, userId: string) => `${study(id)}/members/${seg(userId)}/role`,
    memberWarnings: (id: string, userId: string) => `${study(id)}/members/${seg(userId)}/warnings`,
    leave: (id: string) => `${study(id)}/members/leave`,
    status: (id: string) => `${study(id)}/status`,
    transitions: (id: string) => `${study(id)}/transitions`,
    events: (id: string) => `${study(id)}/events`,
    event: (id: string, eventId: string) => `${study(id)}/events/${seg(eventId)}`,
    attendance: (id: string, eventId: string) => `${study(id)}/events/${seg(eventId)}/attendance`,
    page: (id: string) => `${study(id)}/page`,
    pageDraft: (id: string) => `${study(id)}/page/draft`,
    pagePublish: (id: string) => `${study(id)}/page/publish`,
    reviews: (id: string) => `${study(id)}/reviews`,
    myReview: (id: string) => `${study(id)}/reviews/mine`,
    payment: (id: string, applicationId: string) => `${study(id)}/applications/${seg(applicationId)}/payment`,
  },
  games: {
    types: '/api/games/types',
    start: '/api/games/sessions/start',
    end: '/api/games/sessions/end',
    abandon: '/api/games/sessions/abandon',
    session: (sessionId: string) => `/api/games/sessions/${seg(sessionId)}`,
    saveState: '/api/games/states/save',
    state: (sessionId: string) => `/api/games/states/${seg(sessionId)}`,
    latestState: '/api/games/states/latest',
    globalBoard: '/api/games/leaderboards/global',
    aroundMe: (gameType: string) => `/api/games/leaderboards/${seg(gameType)}/around-me`,
    myStats: '/api/games/statistics/my',
    myGameStats: (gameType: string) => `/api/games/statistics/my/${seg(gameType)}`,
    importGuestHistory: '/api/games/guest-history/import',
  },
  adminStudies: {
    root: '/api/admin/studies',
    queue: '/api/admin/studies/queue',
    byId: (id: string) => `/api/admin/studies/${seg(id)}`,
    applications: (id: string) => `/api/admin/studies/${seg(id)}/applications`,
  },
} as const;
