/**
 * schema.org JobPosting for a posting's detail (Google for Jobs reads it): the past validThrough
 * of a closed posting is kept, so the page says it is over instead of disappearing.
 */
import type { JobPostingDetail } from '@moim/contract';

const REGION_NAMES: Record<string, string> = {
  SEOUL: 'Seoul',
  GYEONGGI: 'Gyeonggi-do',
  INCHEON: 'Incheon',
  BUSAN: 'Busan',
  DAEGU: 'Daegu',
  DAEJEON: 'Daejeon',
  GWANGJU: 'Gwangju',
  ULSAN: 'Ulsan',
  SEJONG: 'Sejong',
  GANGWON: 'Gangwon-do',
  CHUNGBUK: 'Chungcheongbuk-do',
  CHUNGNAM: 'Chungcheongnam-do',
  JEONBUK: 'Jeonbuk',
  JEONNAM: 'Jeollanam-do',
  GYEONGBUK: 'Gyeongsangbuk-do',
  GYEONGNAM: 'Gyeongsangnam-do',
  JEJU: 'Jeju',
};

export function jobPostingJsonLd(p: JobPostingDetail, pageUrl: string): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: p.title,
    description: [p.description, p.requirements && `자격 요건\n${p.requirements}`, p.preferred && `우대 사항\n${p.preferred}`]
      .filter(Boolean)
      .join('\n\n'),
    identifier: { '@type': 'PropertyValue', name: p.company.name, value: p.id },
    datePosted: p.postedAt,
    employmentType: p.employmentType,
    hiringOrganization: {
      '@type': 'Organization',
      name: p.company.name,
      ...(p.company.nameEn ? { alternateName: p.company.nameEn } : {}),
      ...(p.company.careersUrl ? { sameAs: p.company.careersUrl } : {}),
      ...(p.company.logoUrl ? { logo: p.company.logoUrl } : {}),
    },
    url: pageUrl,
    skills: [...p.requiredSkills, ...p.preferredSkills].map((s) => s.name).join(', '),
    experienceRequirements:
      p.experienceLevel === 'ANY'
        ? 'no requirements'
        : { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: p.experienceMin * 12 },
  };
  if (p.validThrough) ld.validThrough = p.validThrough;
  if (p.workMode === 'REMOTE') {
    ld.jobLocationType = 'TELECOMMUTE';
    ld.applicantLocationRequirements = { '@type': 'Country', name: 'KR' };
  }
  if (p.workMode !== 'REMOTE' || p.region) {
    ld.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: p.location || undefined,
        addressRegion: p.region ? REGION_NAMES[p.region] : undefined,
        addressCountry: 'KR',
      },
    };
  }
  if (p.salaryMin !== null || p.salaryMax !== null) {
    ld.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'KRW',
      value: {
        '@type': 'QuantitativeValue',
        unitText: 'YEAR',
        ...(p.salaryMin !== null ? { minValue: p.salaryMin } : {}),
        ...(p.salaryMax !== null ? { maxValue: p.salaryMax } : {}),
      },
    };
  }
  return ld;
}

/** The JSON for a <script type="application/ld+json">: `<` escaped so the text can never close the tag. */
export function jsonLdText(ld: Record<string, unknown>): string {
  return JSON.stringify(ld).replace(/</g, '\\u003c');
}
