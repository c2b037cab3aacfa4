/**
 * A study's composed detail page: everyone who can see the study reads the published version;
 * the leader, managers and admins edit a draft (rich text sanitized before it is stored) and
 * publish it.
 */
import type { StudyPageContent, StudyPageSection } from '@moim/contract';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { accessOf, assertManagerOrAdmin, assertVisible, studyNotFound } from './access.ts';
import type { StudyDeps } from './deps.ts';
import { findPage, publishDraft, saveDraft } from './page-repo.ts';
import { sanitizeRichText } from '../../text/rich-text.ts';
import type { StudyPageRow } from './schema.ts';
import { findStudy } from './study-repo.ts';

/** Every rich-text field of every section, sanitized. */
export function sanitizeSections(sections: StudyPageSection[]): StudyPageSection[] {
  return sections.map((s) => {
    switch (s.type) {
      case 'richText':
        return { ...s, html: sanitizeRichText(s.html) };
      case 'leaderIntro':
        return { ...s, bioHtml: sanitizeRichText(s.bioHtml) };
      case 'faq':
        return { ...s, items: s.items.map((i) => ({ ...i, answerHtml: sanitizeRichText(i.answerHtml) })) };
      default:
        return s;
    }
  });
}

function content(studyId: string, row: StudyPageRow | undefined, draft: boolean): StudyPageContent {
  if (draft) {
    return {
      studyId,
      draft: true,
      sections: row?.draft ?? row?.published ?? [],
      version: row?.version ?? 0,
      publishedAt: row?.publishedAt?.toISOString() ?? null,
      updatedAt: row?.draftUpdatedAt?.toISOString() ?? null,
    };
  }
  return {
    studyId,
    draft: false,
    sections: row?.published ?? [],
    version: row?.version ?? 0,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    updatedAt: row?.publishedAt?.toISOString() ?? null,
  };
}

export class PageService {
  constructor(private readonly d: StudyDeps) {}

  private async access(studyId: string, user: AuthUser | null) {
    const study = await findStudy(this.d.ctx.db, studyId);
    if (!study) throw studyNotFound();
    const a = await accessOf(this.d.ctx.db, study, user);
    assertVisible(study, a);
    return a;
  }

  async get(studyId: string, user: AuthUser | null, draft = false): Promise<StudyPageContent> {
    const a = await this.access(studyId, user);
    // a draft is its organisers' own: to anyone else it does not exist
    if (draft && !a.isManager && !a.isAdmin) throw notFound('studies.draftNotFound');
    return content(studyId, await findPage(this.d.ctx.db, studyId), draft);
  }

  async saveDraft(studyId: string, user: AuthUser, sections: StudyPageSection[]): Promise<StudyPageContent> {
    const a = await this.access(studyId, user);
    assertManagerOrAdmin(a, 'studies.pageManagersOnly');
    const row = await saveDraft(this.d.ctx.db, studyId, sanitizeSections(sections), user.id, this.d.clock());
    return content(studyId, row, true);
  }

  async publish(studyId: string, user: AuthUser): Promise<StudyPageContent> {
    const a = await this.access(studyId, user);
    assertManagerOrAdmin(a, 'studies.publishManagersOnly');
    const row = await publishDraft(this.d.ctx.db, studyId, user.id, this.d.clock());
    if (!row) throw new AppError('BIZ-3002', 'studies.noDraft');
    return content(studyId, row, false);
  }
}
