/**
 * The hot reads' JSON, written from the read repo's stored cards without building a `Study`
 * object per request: a card's text with its `applicability` (the only part that depends on the
 * time) written in, a signed-in caller's viewer block spliced on, a list page's envelope around
 * its bytes. Byte for byte what `JSON.stringify(toStudy(…))` writes (study-json.test.ts).
 */
import { type ApplicationStatus, type StudyStatus, type StudyViewer, studyApplicability, toPage } from '@moim/contract';
import type { AuthUser } from '../../http/auth-guard.ts';
import { accessFrom, assertVisibleBySlug } from './access.ts';
import { PAGE_MARK, QUESTIONS_MARK, type ViewerCols } from './study-read-repo.ts';
/**
 * A study's `Study` JSON from its card (`studyCardBySlug`, the list's text of it, migration 0024):
 * `JSON.stringify(toStudy(row, now))`, byte for byte, with `applicability` (and questions) written
 * in as a list page's are (`studyPageJsonOf`); with `caller` (`viewerOf`),
 * `toStudy(row, now, { privileged, viewer })`'s: the reject reason and the viewer block spliced in.
 */
export function studyCardJsonOf(card: string, now: Date, caller?: CallerView): string {
  let json = studyPageJsonOf(card, now);
  if (!caller) return json;
  if (caller.rejectReason != null) {
    // the card's `"rejectReason":null` is its last one: only timestamps, applicability and the
    // viewer follow it, and a user's text holds `"` only escaped (`\"`)
    const at = json.lastIndexOf(REJECT_NULL);
    json = `${json.slice(0, at)}"rejectReason":${JSON.stringify(caller.rejectReason)}${json.slice(at + REJECT_NULL.length)}`;
  }
  if (!json.endsWith(VIEWER_NULL)) throw new Error('a study card ends with "viewer":null');
  return `${json.slice(0, -VIEWER_NULL.length)}"viewer":${JSON.stringify(caller.viewer)}}`;
}

const VIEWER_NULL = '"viewer":null}';
const REJECT_NULL = '"rejectReason":null';

/** What a signed-in caller's detail shows beyond a guest's: `toStudy`'s `rejectReason` and `viewer`. */
export interface CallerView {
  rejectReason: string | null;
  viewer: StudyViewer;
}

/**
 * getBySlug's visibility check and viewer block from VIEWER_COLS: `accessFrom` decides the
 * leader and admin (visibility by slug depends on nothing else: `canSee`), the role is the
 * caller's while an active member (`accessFrom`'s `membership.isActive ? role : null`).
 */
export function viewerOf(
  row: { status: StudyStatus; deleted: boolean; leaderId: string } | undefined,
  user: AuthUser,
  cols: ViewerCols,
): CallerView {
  assertVisibleBySlug(row, user, undefined);
  const a = accessFrom(row, user, undefined);
  const app = cols.viewerApplication;
  const sp = app ? app.indexOf(' ') : -1;
  return {
    rejectReason: a.isOwner || a.isAdmin ? cols.rejectReason : null,
    viewer: {
      isLeader: a.isOwner,
      isAdmin: a.isAdmin,
      role: cols.viewerRole,
      isActiveMember: cols.viewerRole !== null,
      applicationId: app ? app.slice(0, sp) : null,
      applicationStatus: app ? (app.slice(sp + 1) as ApplicationStatus) : null,
    },
  };
}

/**
 * A study card (or cards, comma-separated) as `toStudy` writes each: every
 * `applicability` from the text between two PAGE_MARKs (the stored card's inputs, migration 0024), `questions` other
 * than `[]` parsed and written again (jsonb prints them with spaces).
 */
export function studyPageJsonOf(page: string, now: Date): string {
  const nowMs = now.getTime();
  const parts = page.split(PAGE_MARK);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    out += applicabilityJsonOf(parts[i]!, nowMs) + parts[i + 1]!;
  }
  if (!page.includes(QUESTIONS_MARK)) return out;
  const q = out.split(QUESTIONS_MARK);
  for (let i = 1; i < q.length; i += 2) q[i] = JSON.stringify(JSON.parse(q[i]!));
  return q.join('');
}

/**
 * `studyPageJsonOf` on a list page's UTF-8 bytes (`publicPageBytes`), as the pieces of
 * the result: the bytes between marks as they came (views, not copies), each `applicability`
 * from its inputs (ASCII), the questions between QUESTIONS_MARKs written again. The marks are
 * single bytes in UTF-8 (no byte of a multi-byte character is below 0x80).
 */
export function studyPageBytesOf(page: Buffer, now: Date): Buffer[] {
  const nowMs = now.getTime();
  const out: Buffer[] = [];
  let pos = 0;
  // the next mark of each kind, each searched again only once passed (a page without marked
  // questions is not scanned to its end once per card); the two kinds never nest: both are
  // control bytes, which the database's JSON escapes inside strings
  let a = page.indexOf(PAGE_MARK_BYTE);
  let q = page.indexOf(QUESTIONS_MARK_BYTE);
  while (a >= 0 || q >= 0) {
    if (q < 0 || (a >= 0 && a < q)) {
      const b = page.indexOf(PAGE_MARK_BYTE, a + 1);
      out.push(page.subarray(pos, a), applicabilityBytesOf(page.toString('latin1', a + 1, b), nowMs));
      pos = b + 1;
      a = page.indexOf(PAGE_MARK_BYTE, pos);
    } else {
      const b = page.indexOf(QUESTIONS_MARK_BYTE, q + 1);
      out.push(page.subarray(pos, q), Buffer.from(JSON.stringify(JSON.parse(page.toString('utf8', q + 1, b)))));
      pos = b + 1;
      q = page.indexOf(QUESTIONS_MARK_BYTE, pos);
    }
  }
  out.push(page.subarray(pos));
  return out;
}

const PAGE_MARK_BYTE = PAGE_MARK.charCodeAt(0);
const QUESTIONS_MARK_BYTE = QUESTIONS_MARK.charCodeAt(0);
const applicabilityBytes = new Map<string, Buffer>();

function applicabilityBytesOf(input: string, nowMs: number): Buffer {
  const json = applicabilityJsonOf(input, nowMs);
  let b = applicabilityBytes.get(json);
  if (!b) {
    b = Buffer.from(json);
    applicabilityBytes.set(json, b);
  }
  return b;
}

/**
 * `JSON.stringify(studyApplicability(…))` of a card's applicability inputs (status, deadline in
 * epoch ms, capacity, enrolled, seats taken, isRecruiting, space-separated), remembered by those
 * inputs and whether the deadline has passed, the one way the rule depends on the time
 * (study-rules.ts `deadlinePassed`: `now > deadline`). A page's ten studies then cost ten map
 * look-ups instead of ten Dates, rule calls and stringifications.
 */
const applicabilityByInput = new Map<string, string>();

function applicabilityJsonOf(input: string, nowMs: number): string {
  const s1 = input.indexOf(' ');
  const deadline = Number(input.slice(s1 + 1, input.indexOf(' ', s1 + 1)));
  const key = nowMs > deadline ? `${input} passed` : input;
  let json = applicabilityByInput.get(key);
  if (json === undefined) {
    const [status, , capacity, enrolled, seatsTaken, isRecruiting] = input.split(' ') as [string, ...string[]];
    json = JSON.stringify(
      studyApplicability(
        {
          status,
          recruitDeadline: new Date(deadline),
          capacity: Number(capacity),
          enrolled: Number(enrolled),
          seatsTaken: Number(seatsTaken),
          isRecruiting: isRecruiting === '' ? null : isRecruiting === 'true',
        },
        new Date(nowMs),
      ),
    );
    if (applicabilityByInput.size >= 10_000) applicabilityByInput.clear();
    applicabilityByInput.set(key, json);
  }
  return json;
}

/** `JSON.stringify(ok(toPage(content, total, q)))` around a page's bytes (`studyPageBytesOf`'s pieces), as one Buffer. */
export function pageEnvelopeBytes(content: Buffer[], total: number, q: { page: number; size: number }): Buffer {
  const rest = JSON.stringify(toPage([], total, q)).slice('{"content":[]'.length);
  return Buffer.concat([PAGE_HEAD, ...content, Buffer.from(`]${rest}}`)]);
}

const PAGE_HEAD = Buffer.from('{"success":true,"data":{"content":[');
