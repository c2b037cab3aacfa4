/**
 * The export archive (docs/privacy.md "Export format"): a zip of one UTF-8 JSON file per module
 * that keeps something about the member, a `manifest.json` naming them, and a README.md (Korean
 * and English) saying what each file holds and how to read it.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { PersonalDataSection } from '../types.ts';

export const ARCHIVE_FORMAT = { name: 'moim-data-export', version: 1 } as const;

export interface CollectedSection {
  section: PersonalDataSection;
  data: unknown;
}

function readme(userId: string, createdAt: Date, sections: readonly PersonalDataSection[]): string {
  const files = (lang: 'ko' | 'en') => sections.map((s) => `- \`${s.file}.json\`: ${s.about[lang]}`).join('\n');
  return `# moim 내 데이터 내보내기 / moim data export

- 회원 ID / Member id: \`${userId}\`
- 만든 시각 / Created: ${createdAt.toISOString()} (UTC)
- 형식 / Format: ${ARCHIVE_FORMAT.name} v${ARCHIVE_FORMAT.version}

## 한국어

moim이 회원님에 관해 보관하고 있는 정보를 기계가 읽을 수 있는 형식(JSON, UTF-8)으로 모은 파일입니다.
개인정보 보호법의 정보주체 권리(열람, 전송요구)에 따라 제공합니다.

파일:

- \`manifest.json\`: 이 묶음의 형식, 만든 시각, 담긴 파일 목록
${files('ko')}

읽는 법: 시각은 ISO 8601(UTC, 끝이 Z), 금액은 원 단위 정수, ID는 UUID입니다. 값이 없으면 null입니다.
비밀번호 해시, 인증 키, 토큰 같은 비밀값과 다른 회원의 개인정보는 담지 않습니다(다른 사람이 한 일은 "other"로 표시).
보관 기간과 삭제에 대해서는 moim의 개인정보 처리방침(docs/privacy.md)을 보세요.

## English

Everything moim keeps about you, in a machine-readable form (JSON, UTF-8), given under Korea's
Personal Information Protection Act (your rights of access and portability, 전송요구권).

Files:

- \`manifest.json\`: this archive's format, creation time and list of files
${files('en')}

How to read them: instants are ISO 8601 in UTC (ending in Z), amounts are integer KRW, ids are
UUIDs; a missing value is null. Secrets (password hashes, keys, tokens) and other members'
personal data are not included (acts by someone else show "other").
For how long each kind of data is kept, see moim's privacy notes (docs/privacy.md).
`;
}

/** The zip's bytes. */
export function buildArchive(userId: string, createdAt: Date, collected: readonly CollectedSection[]): Buffer {
  const sections = collected.map((c) => c.section);
  const files: Zippable = {
    'README.md': strToU8(readme(userId, createdAt, sections)),
    'manifest.json': strToU8(
      JSON.stringify(
        {
          format: ARCHIVE_FORMAT.name,
          version: ARCHIVE_FORMAT.version,
          userId,
          createdAt: createdAt.toISOString(),
          files: sections.map((s) => `${s.file}.json`),
        },
        null,
        2,
      ),
    ),
  };
  for (const c of collected) files[`${c.section.file}.json`] = strToU8(JSON.stringify(c.data ?? null, null, 2));
  const mtime = createdAt;
  return Buffer.from(zipSync(files, { level: 6, mtime }));
}
