/**
 * A study's composed detail page: typed sections a leader arranges, kept as a draft and
 * published when ready. Fields named `html` / `*Html` hold rich text, which the server sanitizes
 * (allow-list) before it is stored; every other string is plain text the web renders as text.
 */
import { z } from 'zod';
import { linkField } from './links.ts';

export const STUDY_PAGE_SECTION_TYPES = [
  'hero',
  'richText',
  'leaderIntro',
  'howWeRoll',
  'journey',
  'faq',
  'members',
  'reviews',
  'callToAction',
] as const;
export type StudyPageSectionType = (typeof STUDY_PAGE_SECTION_TYPES)[number];
export const STUDY_PAGE_MAX_SECTIONS = 30;

const text = (max: number) => z.string().trim().max(max);
/**
 * The address fields, as a request takes them and as a response gives them back. A request takes
 * what people type (links.ts: "github.com/x" → "https://github.com/x"); a response serializes
 * what was stored as it is (a response schema cannot run the request's normalizing step backwards).
 */
interface AddressFields {
  /** a picture: a web address or a path on this site */
  image: () => z.ZodType<string, string>;
  /** a web address, or a mailto: link (a bare e-mail address becomes one) */
  link: () => z.ZodType<string, string>;
}
const typed: AddressFields = {
  image: () => linkField({ max: 500, sitePath: true }),
  link: () => linkField({ max: 500, mail: true }),
};
const stored: AddressFields = { image: () => z.string(), link: () => z.string() };
const sectionId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

const heroOf = (a: AddressFields) =>
  z.object({
    id: sectionId,
    type: z.literal('hero'),
    title: text(120).min(1),
    subtitle: text(300).optional(),
    badge: text(40).optional(),
    imageUrl: a.image().optional(),
  });
export const heroSection = heroOf(typed);
export const richTextSection = z.object({
  id: sectionId,
  type: z.literal('richText'),
  title: text(120).optional(),
  html: z.string().max(20_000),
});
const leaderIntroOf = (a: AddressFields) =>
  z.object({
    id: sectionId,
    type: z.literal('leaderIntro'),
    title: text(120).optional(),
    name: text(50).optional(),
    headline: text(120).optional(),
    bioHtml: z.string().max(5_000),
    imageUrl: a.image().optional(),
    links: z
      .array(z.object({ label: text(40).min(1), url: a.link() }))
      .max(5)
      .default([]),
  });
export const leaderIntroSection = leaderIntroOf(typed);
export const howWeRollSection = z.object({
  id: sectionId,
  type: z.literal('howWeRoll'),
  title: text(120).optional(),
  items: z
    .array(z.object({ icon: text(8).optional(), title: text(80).min(1), description: text(500) }))
    .min(1)
    .max(12),
});
export const journeySection = z.object({
  id: sectionId,
  type: z.literal('journey'),
  title: text(120).optional(),
  steps: z
    .array(z.object({ label: text(30).min(1), title: text(80).min(1), description: text(500) }))
    .min(1)
    .max(30),
});
export const faqSection = z.object({
  id: sectionId,
  type: z.literal('faq'),
  title: text(120).optional(),
  items: z
    .array(z.object({ question: text(200).min(1), answerHtml: z.string().max(3_000) }))
    .min(1)
    .max(30),
});
export const membersSection = z.object({
  id: sectionId,
  type: z.literal('members'),
  title: text(120).optional(),
  showAttendance: z.boolean().default(false),
});
export const reviewsSection = z.object({
  id: sectionId,
  type: z.literal('reviews'),
  title: text(120).optional(),
  limit: z.number().int().min(1).max(20).default(6),
});
export const callToActionSection = z.object({
  id: sectionId,
  type: z.literal('callToAction'),
  title: text(120).min(1),
  description: text(300).optional(),
  buttonLabel: text(30).min(1),
});

export const studyPageSection = z.discriminatedUnion('type', [
  heroSection,
  richTextSection,
  leaderIntroSection,
  howWeRollSection,
  journeySection,
  faqSection,
  membersSection,
  reviewsSection,
  callToActionSection,
]);
export type StudyPageSection = z.infer<typeof studyPageSection>;
export type StudyPageSectionInput = z.input<typeof studyPageSection>;

export const studyPageDraftBody = z.object({
  sections: z
    .array(studyPageSection)
    .max(STUDY_PAGE_MAX_SECTIONS)
    .refine((s) => new Set(s.map((x) => x.id)).size === s.length, { message: 'form.sectionIdsRepeat' }),
});
export type StudyPageDraftBody = z.infer<typeof studyPageDraftBody>;

/** The sections as stored, for responses (the same shapes, addresses as they were stored). */
const storedSection = z.discriminatedUnion('type', [
  heroOf(stored),
  richTextSection,
  leaderIntroOf(stored),
  howWeRollSection,
  journeySection,
  faqSection,
  membersSection,
  reviewsSection,
  callToActionSection,
]);

export const studyPageContent = z.object({
  studyId: z.string(),
  /** true when this is the unpublished draft (leader/admin with ?draft=true). */
  draft: z.boolean(),
  sections: z.array(storedSection),
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type StudyPageContent = z.infer<typeof studyPageContent>;
export const studyPageQuery = z.object({
  draft: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
