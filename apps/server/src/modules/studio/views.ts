/** Rows → contract shapes. */
import type { StudioAnalysis, StudioDocument, StudioDocumentSummary, StudioDraft, StudioVersionSummary } from '@moim/contract';
import type { versionSummaries } from './repo.ts';
import type { StudioAnalysisRow, StudioDocumentRow, StudioDraftRow } from './schema.ts';

export function toAnalysis(r: StudioAnalysisRow): StudioAnalysis {
  return {
    id: r.id,
    documentId: r.documentId,
    version: r.version,
    status: r.status,
    failureReason: r.failureReason ?? null,
    source: r.source,
    url: r.url,
    title: r.title,
    text: r.body,
    purpose: r.purpose,
    audience: r.audience,
    tone: r.tone,
    locale: r.locale,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    result: r.result ?? null,
  };
}

type SummaryRow = Awaited<ReturnType<typeof versionSummaries>>[number];

export function toVersionSummary(v: SummaryRow): StudioVersionSummary {
  return {
    id: v.id,
    version: v.version,
    status: v.status,
    overallScore: v.overallScore === null ? null : Number(v.overallScore),
    suggestionCount: v.suggestionCount === null ? null : Number(v.suggestionCount),
    createdAt: v.createdAt.toISOString(),
  };
}

export function toDocumentSummary(d: StudioDocumentRow, versions: SummaryRow[]): StudioDocumentSummary {
  const mine = versions.filter((v) => v.documentId === d.id).sort((a, b) => b.version - a.version);
  return {
    id: d.id,
    title: d.title,
    source: d.source,
    url: d.url,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    versionCount: mine.length,
    latest: toVersionSummary(mine[0]!),
  };
}

export function toDocument(d: StudioDocumentRow, versions: SummaryRow[]): StudioDocument {
  const mine = versions.filter((v) => v.documentId === d.id).sort((a, b) => a.version - b.version);
  return { ...toDocumentSummary(d, versions), versions: mine.map(toVersionSummary) };
}

export function toDraft(r: StudioDraftRow): StudioDraft {
  return {
    documentId: r.documentId,
    analysisId: r.analysisId,
    text: r.text,
    decisions: r.decisions,
    settings: r.settings,
    updatedAt: r.updatedAt.toISOString(),
  };
}
