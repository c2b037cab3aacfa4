/**
 * From a loosely typed record (a CSV row, a JSON feed item) to the candidate the contract's
 * jobPostingInput validates: snake_case or camelCase keys, Korean labels for the enums
 * (신입, 정규직, 원격 …), "Java|Spring" or "Java, Spring" skill lists, "4,000만원" salaries.
 * Anything it cannot read stays as it was, so validation names the field that is wrong.
 */
const EXPERIENCE: Record<string, string> = {
  신입: 'ENTRY',
  entry: 'ENTRY',
  주니어: 'JUNIOR',
  junior: 'JUNIOR',
  미들: 'MID',
  mid: 'MID',
  시니어: 'SENIOR',
  senior: 'SENIOR',
  리드: 'LEAD',
  lead: 'LEAD',
  경력무관: 'ANY',
  무관: 'ANY',
  any: 'ANY',
};
const EMPLOYMENT: Record<string, string> = {
  정규직: 'FULL_TIME',
  fulltime: 'FULL_TIME',
  계약직: 'CONTRACT',
  contract: 'CONTRACT',
  인턴: 'INTERN',
  intern: 'INTERN',
  파트타임: 'PART_TIME',
  아르바이트: 'PART_TIME',
  parttime: 'PART_TIME',
};
const WORK_MODE: Record<string, string> = {
  원격: 'REMOTE',
  원격근무: 'REMOTE',
  재택: 'REMOTE',
  remote: 'REMOTE',
  하이브리드: 'HYBRID',
  hybrid: 'HYBRID',
  출근: 'ONSITE',
  사무실출근: 'ONSITE',
  상주: 'ONSITE',
  onsite: 'ONSITE',
};

const key = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

function pickEnum(v: unknown, table: Record<string, string>): unknown {
  if (typeof v !== 'string') return v;
  const k = key(v);
  if (!k) return undefined;
  return table[k] ?? v.trim().toUpperCase();
}

function list(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  if (typeof v !== 'string') return v;
  return v
    .split(/[|,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** "4,000만원" → 40000000, "45000000" → 45000000; blank → undefined. */
export function readMoney(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.replace(/[,\s원₩]/g, '');
  if (!s) return undefined;
  const man = /^(\d+(?:\.\d+)?)만$/.exec(s);
  if (man) return Math.round(Number(man[1]) * 10_000);
  const eok = /^(\d+(?:\.\d+)?)억$/.exec(s);
  if (eok) return Math.round(Number(eok[1]) * 100_000_000);
  return /^\d+$/.test(s) ? Number(s) : v;
}

function int(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.replace(/[년\s+]/g, '');
  if (!s) return undefined;
  return /^\d+$/.test(s) ? Number(s) : v;
}

function bool(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = key(v);
  if (!s) return undefined;
  if (['true', '1', 'yes', 'y', '예', '진행중', 'active'].includes(s)) return true;
  if (['false', '0', 'no', 'n', '아니오', '마감', 'closed'].includes(s)) return false;
  return v;
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The first present value among `names` (snake_case and camelCase spellings). */
function field(r: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (r[n] !== undefined && r[n] !== null && r[n] !== '') return r[n];
  return undefined;
}

export function toPostingCandidate(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const r = raw as Record<string, unknown>;
  const companyObj = r.company && typeof r.company === 'object' ? (r.company as Record<string, unknown>) : null;
  const company = companyObj
    ? {
        name: field(companyObj, 'name'),
        nameEn: blank(field(companyObj, 'nameEn', 'name_en')),
        careersUrl: blank(field(companyObj, 'careersUrl', 'careers_url')),
        logoUrl: blank(field(companyObj, 'logoUrl', 'logo_url')),
      }
    : {
        name: field(r, 'company', 'company_name', 'companyName'),
        nameEn: blank(field(r, 'company_en', 'companyEn', 'company_name_en')),
        careersUrl: blank(field(r, 'careers_url', 'careersUrl')),
        logoUrl: blank(field(r, 'logo_url', 'logoUrl')),
      };
  const out: Record<string, unknown> = {
    company,
    title: field(r, 'title'),
    description: field(r, 'description'),
    requirements: field(r, 'requirements'),
    preferred: field(r, 'preferred'),
    employmentType: pickEnum(field(r, 'employment_type', 'employmentType'), EMPLOYMENT),
    experienceLevel: pickEnum(field(r, 'experience', 'experience_level', 'experienceLevel'), EXPERIENCE),
    experienceMin: int(field(r, 'experience_min', 'experienceMin')),
    experienceMax: int(field(r, 'experience_max', 'experienceMax')),
    location: field(r, 'location'),
    region: blank(field(r, 'region')),
    workMode: pickEnum(field(r, 'work_mode', 'workMode'), WORK_MODE),
    salaryMin: readMoney(field(r, 'salary_min', 'salaryMin')),
    salaryMax: readMoney(field(r, 'salary_max', 'salaryMax')),
    requiredSkills: list(field(r, 'required_skills', 'requiredSkills', 'skills')),
    preferredSkills: list(field(r, 'preferred_skills', 'preferredSkills')),
    postedAt: blank(field(r, 'posted_at', 'postedAt', 'date_posted', 'datePosted')),
    validThrough: blank(field(r, 'valid_through', 'validThrough', 'deadline')),
    sourceUrl: field(r, 'source_url', 'sourceUrl', 'url'),
    active: bool(field(r, 'active')),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}
