/**
 * Accounts: sign-up, login and tokens, the signed-in user's profile, password reset, social
 * login, the public "who we are" members and the accounts back office. Every request and
 * response of /api/auth/*, /api/users/*, /api/public/users/* and /api/admin/{users,mail}/*.
 *
 * Field rules: emails are trimmed and compared case-insensitively (`normalizeEmail`), at most
 * 254 characters; names 1–50 characters; usernames `^[A-Za-z0-9_.-]{2,30}$`; passwords 8–128
 * characters (no composition rules; the server also refuses common passwords). No text field
 * accepts control characters.
 */
import { z } from 'zod';
import { page } from './envelope.ts';
import { linkField } from './links.ts';

// ---------------------------------------------------------------------------------------------
// Constants and pure helpers (both sides)

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 500;
export const PROFILE_LINKS_MAX = 5;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{2,30}$/;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ProfileImageMimeType = (typeof PROFILE_IMAGE_MIME_TYPES)[number];
/** Sizes served at /api/public/users/{id}/image?size=… */
export const PROFILE_IMAGE_SIZES = [512, 128] as const;
/** The name a deleted account is shown with. */
export const DELETED_USER_NAME = '탈퇴한 사용자';
/** What stands in for text a deleted account wrote where a value is required (docs/privacy.md "Erasure"). */
export const ERASED_TEXT = '(삭제됨)';

export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';

/** Lower-cased, trimmed: the form in which two emails are compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The length part of the password policy (the common-password check runs on the server). */
export function passwordLengthProblem(password: string): 'too_short' | 'too_long' | null {
  const n = [...password].length;
  if (n < PASSWORD_MIN_LENGTH) return 'too_short';
  if (n > PASSWORD_MAX_LENGTH) return 'too_long';
  return null;
}

/** SPEC §6: the admin toolbar shows if systemRole or roles include ROLE_ADMIN or ADMIN. */
export function isAdminUser(user: { systemRole?: string | null; roles?: readonly string[] | null } | null | undefined): boolean {
  if (!user) return false;
  const roles = user.roles ?? [];
  return user.systemRole === ROLE_ADMIN || user.systemRole === 'ADMIN' || roles.includes(ROLE_ADMIN) || roles.includes('ADMIN');
}

/** A same-site path to return to after login (`/study/1-tecoteco?tab=x`), else '/'. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (CONTROL.test(value)) return '/';
  return value;
}

// ---------------------------------------------------------------------------------------------
// Field schemas

// C0/C1 controls, bidi overrides/isolates, line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const noControl = (s: string) => !CONTROL.test(s);

/** A one-line string without control characters. */
export function plainText(max: number, min = 0) {
  return (
    z
      .string()
      .max(max * 4 + 16) // refuse huge inputs before the other checks run
      .trim()
      .min(min)
      .max(max)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]*$/, 'form.controlChars')
  );
}

/** Several lines allowed (bio), other control characters refused. */
export function multilineText(max: number) {
  return z
    .string()
    .max(max * 4 + 16)
    .trim()
    .max(max)
    .refine((s) => !CONTROL_EXCEPT_NEWLINES.test(s), { message: 'form.controlChars' });
}

export const emailField = z
  .string()
  .max(EMAIL_MAX_LENGTH + 64)
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'form.email' }));

export const nameField = plainText(NAME_MAX_LENGTH, 1);
export const usernameField = z.string().max(64).regex(USERNAME_PATTERN, 'form.username');
export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine(noControl, { message: 'form.controlChars' });
/** At login any stored password may be typed; only the size is bounded. */
export const loginPasswordField = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const profileLink = z.object({
  label: plainText(30, 1),
  /** a web address as people type it ("github.com/x" → "https://github.com/x"; links.ts) */
  url: linkField({ max: 300 }),
});
export type ProfileLink = z.infer<typeof profileLink>;

export const systemRole = z.enum(['ROLE_USER', 'ROLE_ADMIN']);
export const accountStatus = z.enum(['ACTIVE', 'DEACTIVATED', 'DELETED']);
export type AccountStatus = z.infer<typeof accountStatus>;
export const profileImageStatus = z.enum(['NONE', 'PENDING', 'READY', 'FAILED']);
export type ProfileImageStatus = z.infer<typeof profileImageStatus>;

// ---------------------------------------------------------------------------------------------
// Responses: users

/** SPEC §3 User. `profileImage` is the URL of the processed 512 px image (or null). */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  roles: z.array(z.string()),
  systemRole,
  profileImage: z.string().nullable(),
});
export type User = z.infer<typeof user>;

/** GET/PUT /api/users/me */
export const profile = user.extend({
  bio: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  profileImageStatus,
  /** The 128 px variant, once processed. */
  profileImageThumb: z.string().nullable(),
  hasPassword: z.boolean(),
  /** Social-login providers linked to this account (ids as in /api/auth/oauth/providers). */
  socialProviders: z.array(z.string()),
  /** The language of server-made texts (notifications, mails) for this account. */
  locale: z.enum(['ko', 'en']),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

// ---------------------------------------------------------------------------------------------
// Auth

export const registerRequest = z.object({
  email: emailField,
  password: passwordField,
  name: nameField,
  username: usernameField.optional().nullable(),
  /** the UI language at sign-up: the language of server-made texts (Korean when absent) */
  locale: z.enum(['ko', 'en']).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/**
 * POST /api/auth/login: the account is named by `email`, or by `username` (SPEC §3), which may
 * hold either the account's email (what the original client sends) or its username. One of the
 * two is required (VAL-2003 when neither is given); `email` wins when both are.
 */
export const loginRequest = z
  .object({
    email: emailField.optional(),
    username: z
      .string()
      .max(EMAIL_MAX_LENGTH + 64)
      .trim()
      .min(1)
      .max(EMAIL_MAX_LENGTH)
      .refine(noControl, { message: 'form.controlChars' })
      .optional(),
    password: loginPasswordField,
  })
  .check((c) => {
    if (c.value.email === undefined && c.value.username === undefined) {
      c.issues.push({
        code: 'invalid_type',
        expected: 'string',
        input: undefined,
        path: ['email'],
        message: 'form.emailOrUsername',
        params: { missing: true },
        continue: true,
      });
    }
  });
export type LoginRequest = z.infer<typeof loginRequest>;

/** The account a login names: an email (has `@`; usernames never do) or a username. */
export function loginIdentifier(body: {
  email?: string | undefined;
  username?: string | undefined;
}): { kind: 'email'; value: string } | { kind: 'username'; value: string } {
  const raw = body.email ?? body.username ?? '';
  return raw.includes('@') ? { kind: 'email', value: normalizeEmail(raw) } : { kind: 'username', value: raw.trim().toLowerCase() };
}

/**
 * Two tabs refreshing with the same refresh token at once: within this many seconds of its
 * first use, the used token answers the same successor instead of counting as a reuse.
 */
export const REFRESH_TOKEN_REUSE_GRACE_SECONDS = 10;

/**
 * POST /api/auth/login, /api/auth/refresh and /api/users/register answer this. The user's fields
 * are repeated at the top level (SPEC §3 login response) and as `user` (what the web stores).
 */
export const loginResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** access-token lifetime, seconds */
  expiresIn: z.number().int(),
  /** when the refresh token's login (family) ends, ISO time */
  refreshExpiresAt: z.string(),
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  roles: z.array(z.string()),
  systemRole,
  profileImage: z.string().nullable(),
  user,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshTokenField = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'form.format');
export const refreshRequest = z.object({ refreshToken: refreshTokenField });
export type RefreshRequest = z.infer<typeof refreshRequest>;
export const logoutRequest = z.object({ refreshToken: refreshTokenField.optional() }).nullish();
export const logoutResponse = z.object({ loggedOut: z.literal(true) });

export const passwordResetRequest = z.object({ email: emailField });
export const passwordResetRequested = z.object({ requested: z.literal(true), message: z.string() });
export const passwordResetConfirm = z.object({
  token: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'form.format'),
  newPassword: passwordField,
});
export const passwordResetDone = z.object({ reset: z.literal(true) });
/** Minutes a password-reset link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

// ---------------------------------------------------------------------------------------------
// Social login

export const oauthProviderInfo = z.object({
  id: z.string(),
  displayName: z.string(),
  kind: z.enum(['oidc', 'oauth2']),
  /** GET this (a browser navigation) to begin: it 302s to the provider. */
  startUrl: z.string(),
});
export const oauthProviderList = z.array(oauthProviderInfo);
export type OAuthProviderInfo = z.infer<typeof oauthProviderInfo>;
export const oauthProviderParam = z.object({ provider: z.string().regex(/^[a-z0-9-]{2,30}$/) });
export const oauthStartQuery = z.object({ returnTo: z.string().max(500).optional() });
export const oauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(500).optional(),
});

/**
 * What /auth/callback receives in its URL fragment (never the query string):
 * success `#accessToken=…&refreshToken=…&tokenType=Bearer&expiresIn=900&returnTo=/path`,
 * failure `#error=<catalogue code>&message=<text>`.
 */
export interface OAuthCallbackFragment {
  accessToken?: string;
  refreshToken?: string;
  tokenType?: 'Bearer';
  expiresIn?: string;
  returnTo?: string;
  error?: string;
  message?: string;
}

export function parseOAuthCallbackFragment(hash: string): OAuthCallbackFragment {
  const p = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const out: Record<string, string> = {};
  for (const k of ['accessToken', 'refreshToken', 'tokenType', 'expiresIn', 'returnTo', 'error', 'message']) {
    const v = p.get(k);
    if (v !== null) out[k] = v;
  }
  return out as OAuthCallbackFragment;
}

// ---------------------------------------------------------------------------------------------
// Users

export const profileImageData = z.object({
  /** the file's bytes, base64 (a `data:<type>;base64,` prefix is accepted) */
  base64: z.string().min(1).max(7_200_000),
  fileName: plainText(255, 1),
  mimeType: z.string().max(100),
});
export type ProfileImageData = z.infer<typeof profileImageData>;

export const updateProfileRequest = z.object({
  name: nameField.optional(),
  username: usernameField.nullable().optional(),
  bio: multilineText(BIO_MAX_LENGTH).nullable().optional(),
  links: z.array(profileLink).max(PROFILE_LINKS_MAX).optional(),
  /** a new picture; `null` removes the current one */
  profileImageData: profileImageData.nullable().optional(),
  /** the language of server-made texts (the web sends it when the user switches language) */
  locale: z.enum(['ko', 'en']).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const changePasswordRequest = z.object({
  currentPassword: loginPasswordField,
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const passwordChanged = z.object({ changed: z.literal(true), otherSessionsRevoked: z.number().int() });

/**
 * Deactivate / delete: `password` for accounts that have one; accounts made by social login
 * (no password) confirm by typing their email as `confirmation`.
 */
export const accountConfirmRequest = z.object({
  password: loginPasswordField.optional(),
  confirmation: z.string().max(300).optional(),
});
export type AccountConfirmRequest = z.infer<typeof accountConfirmRequest>;
export const accountDeactivated = z.object({ status: z.literal('DEACTIVATED') });
export const accountDeleted = z.object({ status: z.literal('DELETED') });

/**
 * E-mail change (docs/accounts.md "E-mail change"): asked for behind step-up with the password
 * (accounts without one: the step-up alone); takes effect when the link mailed to the new
 * address is opened (`POST /api/users/me/email/confirm`).
 */
export const emailChangeRequest = z.object({
  newEmail: emailField,
  password: loginPasswordField.optional(),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequest>;
export const emailChangeRequested = z.object({ requested: z.literal(true), expiresAt: z.string() });
export const emailChangeConfirm = z.object({
  token: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'form.format'),
});
export const emailChangeConfirmed = z.object({ changed: z.literal(true), email: z.string() });
/** Minutes the link mailed to the new address stays valid. */
export const EMAIL_CHANGE_TTL_MINUTES = 60;

export const checkEmailRequest = z.object({ email: emailField });
export const checkEmailResponse = z.object({ available: z.boolean() });

export const publicUserIdParam = z.object({ id: z.uuid() });
export const profileImageQuery = z.object({
  size: z.enum(['512', '128']).default('512'),
  /** image version: versioned URLs are cached as immutable */
  v: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
});

/** GET /api/public/users/whoweare-members: no emails. */
export const whoweareMember = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  roleTitle: z.string(),
  quote: z.string().nullable(),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  profileImageThumb: z.string().nullable(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  joinedYear: z.number().int(),
  memberSince: z.string(),
  sortOrder: z.number().int(),
});
export type WhoweareMember = z.infer<typeof whoweareMember>;
export const whoweareMembers = z.array(whoweareMember);

// ---------------------------------------------------------------------------------------------
// Back office (/api/admin/users, /api/admin/mail)

export const teamMemberProfile = z.object({
  roleTitle: z.string(),
  quote: z.string().nullable(),
  sortOrder: z.number().int(),
  memberSince: z.string(),
  visible: z.boolean(),
});

export const adminUser = user.extend({
  status: accountStatus,
  hasPassword: z.boolean(),
  createdAt: z.string(),
  teamMember: teamMemberProfile.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserPage = page(adminUser);

export const adminUserListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** matches email, name or username (contains, case-insensitive) */
  q: plainText(100).optional(),
  status: accountStatus.optional(),
  teamMember: z.enum(['true', 'false']).optional(),
});

export const adminUserIdParam = z.object({ id: z.uuid() });

export const setTeamMemberRequest = z.object({
  roleTitle: plainText(50, 1),
  quote: multilineText(300).nullable().optional(),
  sortOrder: z.number().int().min(0).max(10_000).default(100),
  /** YYYY-MM-DD */
  memberSince: z.iso.date().optional(),
  visible: z.boolean().default(true),
});
export type SetTeamMemberRequest = z.infer<typeof setTeamMemberRequest>;

export const setRolesRequest = z.object({
  /** ROLE_USER is always kept; include ROLE_ADMIN to grant admin, leave it out to revoke */
  roles: z.array(z.enum(['ROLE_USER', 'ROLE_ADMIN'])).max(2),
});

export const mailOutboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  transport: z.string(),
  createdAt: z.string(),
  /** files sent with the mail (a session's .ics invitation) */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })).optional(),
});
export type MailOutboxItem = z.infer<typeof mailOutboxItem>;
export const mailOutboxPage = page(mailOutboxItem);
export const mailOutboxQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  to: z.string().max(254).optional(),
});
