/**
 * The API paths the web calls (SPEC §7), one table per server module, so a path is written once
 * and a renamed route is one edit. Path segments taken from data are URI-encoded.
 * No file outside shared/api writes an '/api/' string (lint: web-boundaries/api-paths).
 */
const seg = encodeURIComponent;

const study = (id: string) => `/api/studies/${seg(id)}`;
const job = (id: string) => `/api/job-postings/${seg(id)}`;
const studioDoc = (id: string) => `/api/studio/documents/${seg(id)}`;
const projectPath = (id: string) => `/api/projects/${seg(id)}`;
const adminPayment = (id: string) => `/api/admin/payments/${seg(id)}`;
const adminJobs = '/api/admin/job-postings';
const deduction = '/api/games/deduction';
const bot = (id: string) => `${deduction}/bots/${seg(id)}`;

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
    notifyDeposit: (id: string, applicationId: string) => `${study(id)}/applications/${seg(applicationId)}/payment/notify-deposit`,
    /** PUT / DELETE: the cover image; GET: the image itself (an <img> address) */
    cover: (id: string) => `${study(id)}/cover`,
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
  deduction: {
    play: (sessionId: string) => `${deduction}/sessions/${seg(sessionId)}`,
    turns: (sessionId: string) => `${deduction}/sessions/${seg(sessionId)}/turns`,
    reveals: (sessionId: string) => `${deduction}/sessions/${seg(sessionId)}/reveals`,
    bots: `${deduction}/bots`,
    bot,
    sharedBot: (shareId: string) => `${deduction}/bots/shared/${seg(shareId)}`,
    botLadder: (id: string) => `${bot(id)}/ladder`,
    ladder: `${deduction}/ladder`,
  },
  auth: {
    login: '/api/auth/login',
    refresh: '/api/auth/refresh',
    logout: '/api/auth/logout',
    validate: '/api/auth/validate',
    oauthProviders: '/api/auth/oauth/providers',
    /** a browser navigation (302 to the provider), not a fetch */
    oauthStart: (provider: string) => `/api/auth/oauth/${seg(provider)}/start`,
    resetRequest: '/api/auth/password-reset/request',
    resetConfirm: '/api/auth/password-reset/confirm',
  },
  users: {
    register: '/api/users/register',
    checkEmail: '/api/users/check-email',
    /** GET / PUT: my profile; DELETE: delete my account */
    me: '/api/users/me',
    password: '/api/users/me/password',
    deactivate: '/api/users/me/deactivate',
  },
  site: {
    config: '/api/public/config',
    whoweareMembers: '/api/public/users/whoweare-members',
  },
  admin: {
    users: '/api/admin/users',
    mailOutbox: '/api/admin/mail/outbox',
    overview: '/api/admin/overview',
  },
  jobs: {
    /** GET: the search page */
    root: '/api/job-postings',
    facets: '/api/job-postings/facets',
    stats: '/api/job-postings/stats',
    skills: '/api/job-postings/skills',
    byId: job,
    /** PUT / DELETE */
    bookmark: (id: string) => `${job(id)}/bookmark`,
    corrections: '/api/job-postings/corrections',
    unsubscribe: '/api/job-postings/alerts/unsubscribe',
    myProfile: '/api/job-postings/me/profile',
    myBookmarks: '/api/job-postings/me/bookmarks',
    myRecent: '/api/job-postings/me/recent',
    mySavedSearches: '/api/job-postings/me/saved-searches',
    mySavedSearch: (id: string) => `/api/job-postings/me/saved-searches/${seg(id)}`,
    myCorrections: '/api/job-postings/me/corrections',
  },
  adminJobs: {
    runs: `${adminJobs}/runs`,
    run: (id: string) => `${adminJobs}/runs/${seg(id)}`,
    runItems: (id: string) => `${adminJobs}/runs/${seg(id)}/items`,
    sources: `${adminJobs}/sources`,
    source: (id: string) => `${adminJobs}/sources/${seg(id)}`,
    runSource: (id: string) => `${adminJobs}/sources/${seg(id)}/run`,
    imports: `${adminJobs}/imports`,
    corrections: `${adminJobs}/corrections`,
    correction: (id: string) => `${adminJobs}/corrections/${seg(id)}`,
    postings: `${adminJobs}/postings`,
    posting: (id: string) => `${adminJobs}/postings/${seg(id)}`,
  },
  studio: {
    quota: '/api/studio/quota',
    analyses: '/api/studio/analyses',
    analysis: (id: string) => `/api/studio/analyses/${seg(id)}`,
    documents: '/api/studio/documents',
    document: studioDoc,
    documentAnalyses: (id: string) => `${studioDoc(id)}/analyses`,
    compare: (id: string) => `${studioDoc(id)}/compare`,
    trials: '/api/studio/trials',
    trial: (id: string) => `/api/studio/trials/${seg(id)}`,
    claimTrial: (id: string) => `/api/studio/trials/${seg(id)}/claim`,
  },
  lab: {
    rosters: '/api/lab/rosters',
    roster: (id: string) => `/api/lab/rosters/${seg(id)}`,
    /** GET: my history; POST: record one; DELETE: clear */
    draws: '/api/lab/draws',
    importDraws: '/api/lab/draws/import',
    drawStats: '/api/lab/draws/stats',
  },
  projects: {
    /** GET: the list page; POST: create */
    root: '/api/projects',
    my: '/api/projects/my',
    bySlug: (slug: string) => `/api/projects/slug/${seg(slug)}`,
    /** PUT: replace; DELETE */
    byId: projectPath,
    status: (id: string) => `${projectPath(id)}/status`,
    applications: (id: string) => `${projectPath(id)}/applications`,
    decide: (id: string, applicationId: string, verb: 'approve' | 'reject' | 'withdraw') =>
      `${projectPath(id)}/applications/${seg(applicationId)}/${verb}`,
  },
  payments: {
    config: '/api/payments/config',
    confirm: '/api/payments/confirm',
    testCheckout: '/api/payments/test-checkout',
    byOrderId: (orderId: string) => `/api/payments/${seg(orderId)}`,
    refundAccount: (orderId: string) => `/api/payments/${seg(orderId)}/refund-account`,
  },
  adminPayments: {
    root: '/api/admin/payments',
    byId: adminPayment,
    depositConfirm: (id: string) => `${adminPayment(id)}/deposit/confirm`,
    depositReturn: (id: string) => `${adminPayment(id)}/deposit/return`,
    refund: (id: string) => `${adminPayment(id)}/refund`,
    refundDecline: (id: string) => `${adminPayment(id)}/refund/decline`,
  },
  calendar: {
    events: '/api/calendar/events',
    /** POST: attend; DELETE: withdraw */
    rsvp: (eventId: string) => `/api/calendar/events/${seg(eventId)}/rsvp`,
    /** GET: mine; POST: rotate */
    feedToken: '/api/calendar/feed-token',
  },
  notifications: {
    root: '/api/notifications',
    unreadCount: '/api/notifications/unread-count',
    read: (id: string) => `/api/notifications/${seg(id)}/read`,
    readAll: '/api/notifications/read-all',
  },
  adminStudies: {
    root: '/api/admin/studies',
    queue: '/api/admin/studies/queue',
    byId: (id: string) => `/api/admin/studies/${seg(id)}`,
    applications: (id: string) => `/api/admin/studies/${seg(id)}/applications`,
  },
} as const;
